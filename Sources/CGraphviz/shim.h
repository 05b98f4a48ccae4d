// The C side of FlowAtlas's one door to Graphviz, for every release from 2.42 to 14.
//
// Only what Swift cannot do cleanly lives here: what differs between Graphviz releases
// (decided below, at compile time, from Graphviz's own version macros), the arena allocator
// that makes cluster order independent of malloc's addresses on releases that need it, the
// in-memory reader, the context whose text is measured by Graphviz's built-in metrics, and
// the reads of layout records (macros) that FlowAtlas's placement of edge labels needs.
// Swift never touches Graphviz's C globals.
#ifndef FLOWATLAS_CGRAPHVIZ_SHIM_H
#define FLOWATLAS_CGRAPHVIZ_SHIM_H

// pkg-config puts Graphviz's own include folder (…/include/graphviz) on the path, on Debian
// and Homebrew alike; its parent is not always on it (Homebrew on Apple silicon).
#include <graphviz_version.h>
#include <gvc.h>
#include <gvplugin.h>
#include <gvplugin_textlayout.h>

#include <stddef.h>
#include <stdio.h>
#if defined(__GLIBC__)
#include <stdio_ext.h>
#endif
#include <stdlib.h>
#include <string.h>

// MARK: What differs between releases, decided at compile time

// Graphviz's headers name their release in numbers only from 14.0.0 on
// (GRAPHVIZ_VERSION_MAJOR/MINOR/PATCH, CHANGELOG 14.0.0, #2716); before that, graphviz_version.h
// has the string PACKAGE_VERSION and the plugin ABI, GVPLUGIN_VERSION, which went from 6 to 8 in
// 13.0.0 (CHANGELOG 13.0.0). So each difference is decided here at compile time, by those
// macros where they tell, and otherwise by the type the headers themselves declare
// (__typeof__, _Generic, sizeof): never by guessing at run time.
#if defined(GRAPHVIZ_VERSION_MAJOR)
#define FA_GRAPHVIZ_13_OR_LATER 1
#else
#define FA_GRAPHVIZ_13_OR_LATER (GVPLUGIN_VERSION >= 8)
#endif

// Before 13.0.0 the DOT scanner is global: its flex buffer keeps whatever followed the previous
// graph's closing brace and feeds it to the next parse. aglexbad (exported, declared only in a
// private header) flushes it. 13.0.0 made the scanner reentrant, one per parse, and aglexbad
// takes that scanner: it is not called there. The same release dropped agsetfile and agreadline,
// which set the name and first line number of messages (they are counted per parse since).
#if !FA_GRAPHVIZ_13_OR_LATER
extern void aglexbad(void);
#define FA_GLOBAL_SCANNER 1
#else
#define FA_GLOBAL_SCANNER 0
#endif

// The text layout plugin's function returns Graphviz's `boolean` before 3.0.0 and a C99 bool
// since: take the type from the header's own declaration.
typedef __typeof__(((gvtextlayout_engine_t *)0)->textlayout((textspan_t *)0, (char **)0)) fa_measured;

/// Writes the laid-out `graph` in `format` into memory: `*result` (to be freed with `free`) and its
/// `*length`, set even when drawing fails. Not gvRenderData: in Graphviz 14 its buffer grows by a
/// page per write and is often moved, so a megabyte of SVG cost a worker a tenth of its CPU in
/// realloc's copying; a memory stream grows geometrically. The same bytes either way (both are
/// Graphviz's gvwrite), and one signature on every release (gvRenderData's length type changed).
static inline int fa_render_memory(GVC_t *context, Agraph_t *graph, const char *format, char **result,
                                   size_t *length) {
  *result = NULL;
  *length = 0;
  FILE *stream = open_memstream(result, length);
  if (stream == NULL) return -1;
#if defined(__GLIBC__)
  // Graphviz 14 writes SVG a character at a time; the stream is this thread's alone, so glibc
  // need not lock it for each of those writes.
  __fsetlocking(stream, FSETLOCKING_BYCALLER);
#endif
  int status = gvRender(context, graph, format, stream);
  if (fclose(stream) != 0) status = -1;
  return status;
}

// gvPluginList lost its unused fourth parameter in 9.0.0.
static inline char **fa_plugin_list_three(char **(*list)(GVC_t *, const char *, int *), GVC_t *context,
                                          const char *kind, int *count) {
  return list(context, kind, count);
}

static inline char **fa_plugin_list_four(char **(*list)(GVC_t *, const char *, int *, char *), GVC_t *context,
                                         const char *kind, int *count) {
  return list(context, kind, count, NULL);
}

// MARK: The arena (releases before 10.0.1)

// Before 10.0.1 Graphviz orders subgraphs by the address of their name string, so a second
// render in one process can differ from the first (10.0.1 fixed it, #2242). Until 9.0.0,
// cgraph takes a memory allocator discipline (removed in 9.0.0, with Agmemdisc_t and
// Agdisc_t.mem): there a bump allocator in one reserved region hands out addresses in creation
// order, and every render of the same DOT text gives the same bytes. Whether this Graphviz has
// the discipline is read from its Agdisc_t: three members with it, two without.
#define FA_HAS_MEMORY_DISCIPLINE (sizeof(Agdisc_t) == 3 * sizeof(void *))

// 9.0.0 to 10.0.0 have neither the discipline nor stable subgraph order: there a second
// render of a clustered graph in one process can differ from the first (docs/graphviz.md, "Stable
// bytes in one process"). The headers of 9.x to 12.x do not say which of them they are.

#include <sys/mman.h>

typedef struct {
  char *base;
  size_t used;
  size_t reserved;
} fa_arena;

static inline void *fa_arena_open(Agdisc_t *disc) {
  (void)disc;
  // Reserve as much address space as the kernel allows (strict overcommit
  // refuses the large sizes); a layout of thousands of nodes needs well under 1 GB.
  for (size_t reserve = (size_t)1 << 36; reserve >= ((size_t)1 << 26); reserve >>= 2) {
    void *region = mmap(NULL, reserve, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANON | MAP_NORESERVE, -1, 0);
    if (region == MAP_FAILED) continue;
    fa_arena *arena = (fa_arena *)region;
    arena->base = (char *)region;
    arena->used = (sizeof(fa_arena) + 15) & ~(size_t)15;
    arena->reserved = reserve;
    return arena;
  }
  return NULL;
}

static inline void *fa_arena_alloc(void *state, size_t request) {
  fa_arena *arena = (fa_arena *)state;
  if (arena == NULL) return NULL;
  size_t size = (request + 15) & ~(size_t)15;
  if (size == 0) size = 16;
  if (arena->used + size > arena->reserved) return NULL;
  void *pointer = arena->base + arena->used;
  arena->used += size;
  // Fresh anonymous pages are zero, and memory is never reused: cgraph's
  // expectation of zeroed memory holds without a memset.
  return pointer;
}

static inline void *fa_arena_resize(void *state, void *pointer, size_t old, size_t request) {
  void *moved = fa_arena_alloc(state, request);
  if (moved != NULL && pointer != NULL) memcpy(moved, pointer, old < request ? old : request);
  return moved;
}

static inline void fa_arena_free(void *state, void *pointer) {
  (void)state;
  (void)pointer;
}

static inline void fa_arena_close(void *state) {
  fa_arena *arena = (fa_arena *)state;
  if (arena == NULL) return;
  munmap(arena->base, arena->reserved);
}

// Agmemdisc_t as Graphviz before 9.0.0 declares it (cgraph.h), under a name of our own, so that
// this header compiles on releases that no longer declare it.
typedef struct {
  void *(*open)(Agdisc_t *);
  void *(*alloc)(void *state, size_t req);
  void *(*resize)(void *state, void *ptr, size_t old, size_t req);
  void (*free)(void *state, void *ptr);
  void (*close)(void *state);
} fa_memory_discipline;

// MARK: Reading DOT from memory

// Reads DOT text from memory one line at a time, as cgraph's own agmemread does.
typedef struct {
  const char *text;
  size_t length;
  size_t offset;
} fa_reader;

static inline int fa_reader_read(void *channel, char *buffer, int capacity) {
  fa_reader *reader = (fa_reader *)channel;
  if (capacity <= 0 || reader->offset >= reader->length) return 0;
  size_t count = 0;
  while (count + 1 < (size_t)capacity && reader->offset < reader->length) {
    char c = reader->text[reader->offset++];
    buffer[count++] = c;
    if (c == '\n') break;
  }
  return (int)count;
}

static inline int fa_reader_putstr(void *channel, const char *text) {
  (void)channel;
  (void)text;
  return 0;
}

static inline int fa_reader_flush(void *channel) {
  (void)channel;
  return 0;
}

/// Parses DOT text into a root graph (in its own arena where the release needs one).
/// Returns NULL on a syntax error (the message went to the agseterrf callback).
static inline Agraph_t *fa_read_graph(const char *text, size_t length) {
  static Agiodisc_t io = {fa_reader_read, fa_reader_putstr, fa_reader_flush};
  static fa_memory_discipline arena = {fa_arena_open, fa_arena_alloc, fa_arena_resize, fa_arena_free,
                                       fa_arena_close};
  // Agdisc_t is {mem, id, io} before 9.0.0 and {id, io} since: filled by position, the branch
  // not taken is a compile-time constant the compiler drops.
  Agdisc_t disc;
  void **members = (void **)&disc;
  if (FA_HAS_MEMORY_DISCIPLINE) {
    members[0] = &arena;
    members[1] = &AgIdDisc;
    members[2] = &io;
  } else {
    members[0] = &AgIdDisc;
    members[1] = &io;
  }
  fa_reader reader = {text, length, 0};
#if FA_GLOBAL_SCANNER
  // The lexer's line counter is global: reset it so messages name the right line.
  static char source_name[] = "diagram.dot";
  agsetfile(source_name);
  agreadline(1);
  aglexbad();
#endif
  return agread(&reader, &disc);
}

// MARK: Contexts and text measurement

// Graphviz asks the best text layout plugin it has for the size of every label; with pango,
// that depends on the machine's fonts. FlowAtlas draws SVG with a context whose best text
// layout plugin is its own and measures nothing, so Graphviz falls back to its built-in
// estimate (tables of Times, Helvetica and Courier widths): the same DOT gives the same layout
// and bytes on every machine with the same Graphviz. PNG and PDF are drawn by cairo, which
// draws each label with the pango layout it was measured with: they use a plain context.
// Only public API: gvContextPlugins installs the built-in library, then the plugins of
// Graphviz's config, and the text layout of highest quality wins.

static inline fa_measured fa_measure_nothing(textspan_t *span, char **fontpath) {
  (void)span;
  (void)fontpath;
  return 0;
}

/// A Graphviz context that measures text with Graphviz's built-in metrics only.
static inline GVC_t *fa_context_builtin_metrics(void) {
  static gvtextlayout_engine_t engine = {fa_measure_nothing};
  static gvplugin_installed_t types[] = {
      {.id = 0, .type = "textlayout", .quality = 1000, .engine = &engine, .features = NULL},
      {.id = 0, .type = NULL, .quality = 0, .engine = NULL, .features = NULL},
  };
  static gvplugin_api_t apis[] = {{.api = API_textlayout, .types = types}, {.api = (api_t)0, .types = NULL}};
  static char package[] = "flowatlas_builtin_metrics";
  static gvplugin_library_t library = {.packagename = package, .apis = apis};
  static const lt_symlist_t builtins[] = {
      {.name = "gvplugin_flowatlas_builtin_metrics_LTX_library", .address = &library},
      {.name = NULL, .address = NULL},
  };
  return gvContextPlugins(builtins, 1);
}

/// The kinds of plugin this context has for `kind` ("render", "textlayout", …), one
/// NUL-separated name after another in `buffer`, cut at `capacity`. Returns how many names.
static inline int fa_plugin_list(GVC_t *context, const char *kind, char *buffer, size_t capacity) {
  int count = 0;
  char **list = _Generic(&gvPluginList, char **(*)(GVC_t *, const char *, int *): fa_plugin_list_three,
                         default: fa_plugin_list_four)(&gvPluginList, context, kind, &count);
  size_t used = 0;
  if (capacity > 0) buffer[0] = 0;
  for (int index = 0; index < count; index++) {
    size_t length = strlen(list[index]);
    if (used + length + 1 < capacity) {
      memcpy(buffer + used, list[index], length + 1);
      used += length + 1;
    }
    free(list[index]);
  }
  free(list);
  return count;
}

// MARK: Where a layout put things, for FlowAtlas's placement of edge labels
//
// Graphviz's layout records live behind macros (types.h), which Swift cannot call; these read
// them, and give edges their `xlabel` after the layout and place it. The records' fields have
// the same names on every release from 2.42 to 14 (only their integer types changed), so
// nothing here depends on the release.

/// The box of the whole drawing, in points.
static inline boxf fa_graph_box(Agraph_t *graph) { return GD_bb(graph); }

/// How many clusters `graph` has directly (each may have its own).
static inline size_t fa_cluster_count(Agraph_t *graph) { return (size_t)GD_n_cluster(graph); }

/// The cluster at `index`, from 0 (Graphviz counts from 1).
static inline Agraph_t *fa_cluster(Agraph_t *graph, size_t index) { return GD_clust(graph)[index + 1]; }

/// The box of a placed label, or 0 when there is none.
static inline int fa_label_box(const textlabel_t *label, boxf *box) {
  if (label == NULL || !label->set) return 0;
  box->LL.x = label->pos.x - label->dimen.x / 2;
  box->LL.y = label->pos.y - label->dimen.y / 2;
  box->UR.x = label->pos.x + label->dimen.x / 2;
  box->UR.y = label->pos.y + label->dimen.y / 2;
  return 1;
}

/// The box of a graph's or cluster's own label.
static inline int fa_graph_label_box(Agraph_t *graph, boxf *box) { return fa_label_box(GD_label(graph), box); }

/// The box a node is drawn in, in points.
static inline boxf fa_node_box(Agnode_t *node) {
  double halfWidth = ND_width(node) * 36, halfHeight = ND_height(node) * 36;
  boxf box = {{ND_coord(node).x - halfWidth, ND_coord(node).y - halfHeight},
              {ND_coord(node).x + halfWidth, ND_coord(node).y + halfHeight}};
  return box;
}

/// The boxes of an edge's placed labels: 0 its `label`, 1 its `xlabel`, 2 its `headlabel`,
/// 3 its `taillabel`.
static inline int fa_edge_label_box(Agedge_t *edge, int which, boxf *box) {
  switch (which) {
  case 0: return fa_label_box(ED_label(edge), box);
  case 1: return fa_label_box(ED_xlabel(edge), box);
  case 2: return fa_label_box(ED_head_label(edge), box);
  default: return fa_label_box(ED_tail_label(edge), box);
  }
}

// make_simple_label, which measures a plain-text label's lines, is exported by libgvc with this
// signature on every release from 2.42 to 14, and declared only in a private header
// (common/labels.c). make_label, which would also make the label, changed its parameters in
// between (an `int kind` became two `bool`s), so the label is made here.
extern void make_simple_label(GVC_t *gvc, textlabel_t *label);

/// An attribute of `object` as a number, as Graphviz's own `late_double` reads it.
static inline double fa_attribute_number(void *object, char *name, double fallback, double least) {
  char *text = agget(object, name);
  if (text == NULL || text[0] == '\0') return fallback;
  char *end = NULL;
  double value = strtod(text, &end);
  if (end == text) return fallback;
  return value < least ? least : value;
}

/// An attribute of `object` as text, as Graphviz's own `late_nnstring` reads it.
static inline char *fa_attribute_text(void *object, char *name, char *fallback) {
  char *text = agget(object, name);
  return text == NULL || text[0] == '\0' ? fallback : text;
}

/// The `xlabel` of `edge` when it has one in plain text, or NULL (an HTML-like one is left to
/// Graphviz). The text belongs to the graph: copy it before the attribute changes.
static inline char *fa_edge_xlabel_text(Agedge_t *edge) {
  char *text = agget(edge, "xlabel");
  return text == NULL || text[0] == '\0' || aghtmlstr(text) ? NULL : text;
}

/// Sets `edge`'s `xlabel` attribute (its graph declares it); the text is copied.
static inline void fa_set_edge_xlabel_text(Agedge_t *edge, char *text) { agset(edge, "xlabel", text); }

/// Gives `edge`, already laid out, the `xlabel` `text` (copied; its entities already decoded, its
/// `\\` and `\n` as Graphviz reads them), measured and styled as Graphviz's own edge set-up does
/// it (the edge's fontsize, fontname and fontcolor, then Graphviz's defaults), not yet placed.
/// Returns the label's size, or (-1, -1) when there is no memory for it.
static inline pointf fa_make_edge_xlabel(Agedge_t *edge, const char *text) {
  pointf none = {-1, -1};
  Agraph_t *root = agroot(agraphof(aghead(edge)));
  textlabel_t *label = calloc(1, sizeof(textlabel_t));
  if (label == NULL) return none;
  label->text = strdup(text);
  if (label->text == NULL) {
    free(label);
    return none;
  }
  label->fontname = fa_attribute_text(edge, "fontname", "Times-Roman");
  label->fontcolor = fa_attribute_text(edge, "fontcolor", "black");
  label->fontsize = fa_attribute_number(edge, "fontsize", 14.0, 1.0);
  label->charset = GD_charset(root);
  make_simple_label(GD_gvc(root), label);
  ED_xlabel(edge) = label;
  GD_has_labels(root) |= (1 << 5); // EDGE_XLABEL (common/const.h)
  return label->dimen;
}

/// Places an edge's `xlabel` with its centre at `centre`.
static inline void fa_place_edge_xlabel(Agedge_t *edge, pointf centre) {
  if (ED_xlabel(edge) == NULL) return;
  ED_xlabel(edge)->pos = centre;
  ED_xlabel(edge)->set = 1;
}

/// Sets the box of the whole drawing, which the renderers draw from.
static inline void fa_set_graph_box(Agraph_t *graph, boxf box) { GD_bb(graph) = box; }

/// Which sides a graph's own label keeps to, as its attributes say (Graphviz's defaults for the
/// root graph: centred, at the bottom): -1 left or bottom, 1 right or top, 0 centred.
static inline void fa_graph_label_sides(Agraph_t *graph, int *horizontal, int *vertical) {
  char *just = agget(graph, "labeljust"), *loc = agget(graph, "labelloc");
  *horizontal = just != NULL && (just[0] == 'l' || just[0] == 'L') ? -1
              : just != NULL && (just[0] == 'r' || just[0] == 'R') ? 1
                                                                      : 0;
  *vertical = loc != NULL && (loc[0] == 't' || loc[0] == 'T') ? 1 : -1;
}

/// Moves a graph's own label, once placed, so that its centre is `centre`.
static inline void fa_move_graph_label(Agraph_t *graph, pointf centre) {
  if (GD_label(graph) != NULL && GD_label(graph)->set) GD_label(graph)->pos = centre;
}

/// The point halfway between the centres of an edge's two nodes.
static inline pointf fa_edge_middle(Agedge_t *edge) {
  pointf tail = ND_coord(agtail(edge)), head = ND_coord(aghead(edge));
  pointf middle = {(tail.x + head.x) / 2, (tail.y + head.y) / 2};
  return middle;
}

/// The control points of an edge's first spline, cubic Béziers one after another (each starts
/// where the previous ended), up to `capacity` of them into `points`. Returns how many there are.
/// An edge has one spline unless edges are merged (`concentrate`); the first is where its label
/// belongs.
static inline size_t fa_edge_spline_points(Agedge_t *edge, pointf *points, size_t capacity) {
  if (ED_spl(edge) == NULL || ED_spl(edge)->size == 0) return 0;
  const bezier *bezier = &ED_spl(edge)->list[0];
  size_t count = (size_t)bezier->size;
  for (size_t index = 0; index < count && index < capacity; index++) points[index] = bezier->list[index];
  return count;
}

/// The release of the Graphviz headers FlowAtlas was built with.
static inline const char *fa_graphviz_version(void) { return PACKAGE_VERSION; }


#endif
