// The C side of FlowAtlas's one door to Graphviz (2.42 and newer).
//
// Only what Swift cannot do cleanly lives here: the arena allocator that makes
// cluster order (and so the SVG bytes) independent of malloc's addresses, the
// in-memory reader that installs it, the `gvRenderData` length type that
// differs between releases, and the plumbing that lets Graphviz.swift remember
// pango's text measurements. Swift never touches Graphviz's C globals.
#ifndef FLOWATLAS_CGRAPHVIZ_SHIM_H
#define FLOWATLAS_CGRAPHVIZ_SHIM_H

#include <graphviz/graphviz_version.h>
#include <graphviz/gvc.h>

// Graphviz 2.4x parses with one global flex buffer that keeps whatever followed
// the previous graph's closing brace and feeds it to the next parse. Its own
// error path flushes it with aglexbad (exported, not declared); newer releases
// (which define GRAPHVIZ_VERSION_MAJOR) use a scanner per parse.
#if !defined(GRAPHVIZ_VERSION_MAJOR)
extern void aglexbad(void);
#define FA_FLUSH_LEXER() aglexbad()
#else
#define FA_FLUSH_LEXER() ((void)0)
#endif

#include <dlfcn.h>
#include <stddef.h>
#include <string.h>
#include <sys/mman.h>

#include <graphviz/gvplugin.h>
#include <graphviz/gvplugin_textlayout.h>

// Graphviz 2.42 orders subgraphs by the address of their name string, so a
// second render in one process can differ from the first. A bump allocator in
// one reserved region hands out addresses in creation order: every render of
// the same DOT text gives the same bytes. Pages are only committed when touched.

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
    void *region = mmap(NULL, reserve, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
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

/// Parses DOT text into a root graph whose memory lives in its own arena.
/// Returns NULL on a syntax error (the message went to the agseterrf callback).
static inline Agraph_t *fa_read_graph(const char *text, size_t length) {
  static Agmemdisc_t memory = {fa_arena_open, fa_arena_alloc, fa_arena_resize, fa_arena_free,
                               fa_arena_close};
  static Agiodisc_t io = {fa_reader_read, fa_reader_putstr, fa_reader_flush};
  Agdisc_t disc = {&memory, &AgIdDisc, &io};
  fa_reader reader = {text, length, 0};
  // The lexer's line counter is global: reset it so messages name the right line.
  static char source_name[] = "diagram.dot";
  agsetfile(source_name);
  agreadline(1);
  FA_FLUSH_LEXER();
  return agread(&reader, &disc);
}

// Text measurement. Graphviz asks its textlayout plugin (pango) for the size of
// every label; FlowAtlas installs a plugin of its own, of higher quality, that
// leaves SVG labels to Graphviz's built-in metrics and hands PNG and PDF labels
// to pango (Graphviz.swift). It needs pango's function, which the plugin
// library publishes only through its library table (under Graphviz 2.4x's
// Linux name, libgvplugin_pango.so.6), and a way to make Graphviz choose again
// once the context made its choice (gvtextlayout_select: exported by 2.4x, not
// declared; newer releases do not promise it, so there FlowAtlas leaves the
// choice alone and pango measures everything: `flowatlas --version` says so).

typedef boolean (*fa_textlayout_fn)(textspan_t *span, char **fontpath);

/// Pango's textlayout function, if Graphviz has loaded its pango plugin
/// (gvContext loads the best textlayout plugin at once); NULL otherwise.
static inline fa_textlayout_fn fa_pango_textlayout(void) {
  void *handle = dlopen("libgvplugin_pango.so.6", RTLD_NOW | RTLD_NOLOAD);
  if (handle == NULL) return NULL;
  gvplugin_library_t *library = (gvplugin_library_t *)dlsym(handle, "gvplugin_pango_LTX_library");
  fa_textlayout_fn found = NULL;
  for (gvplugin_api_t *api = library ? library->apis : NULL; api && api->types && !found; api++) {
    if (api->api != API_textlayout) continue;
    for (gvplugin_installed_t *type = api->types; type->type && !found; type++) {
      if (strcmp(type->type, "textlayout") == 0 && type->engine)
        found = ((gvtextlayout_engine_t *)type->engine)->textlayout;
    }
  }
  // Graphviz's own reference keeps the library loaded.
  dlclose(handle);
  return found;
}

/// 1 when Graphviz has loaded its pango plugin under the name fa_pango_textlayout looks for.
static inline int fa_pango_available(void) {
  void *handle = dlopen("libgvplugin_pango.so.6", RTLD_NOW | RTLD_NOLOAD);
  if (handle == NULL) return 0;
  dlclose(handle);
  return 1;
}

/// The release of the Graphviz headers FlowAtlas was built with.
static inline const char *fa_graphviz_version(void) { return PACKAGE_VERSION; }

/// 1 where FlowAtlas can take over text measurement (Graphviz 2.4x), so that SVG uses
/// Graphviz's built-in, font-independent metrics; 0 where pango measures with the machine's fonts.
static inline int fa_builtin_text_metrics(void) {
#if !defined(GRAPHVIZ_VERSION_MAJOR)
  return 1;
#else
  return 0;
#endif
}

#if !defined(GRAPHVIZ_VERSION_MAJOR)
extern int gvtextlayout_select(GVC_t *gvc);

/// Adds `measure` as the best textlayout plugin and makes `context` choose
/// again. Returns 0 where that cannot be done (a second context, a newer release).
static inline int fa_install_textlayout(GVC_t *context, fa_textlayout_fn measure) {
  static gvtextlayout_engine_t engine;
  static gvplugin_installed_t types[2];
  static gvplugin_api_t apis[2];
  static char package[] = "flowatlas";
  static gvplugin_library_t library;
  if (library.apis != NULL) return 0;  // one context per process
  engine.textlayout = measure;
  types[0].type = "textlayout";
  types[0].quality = 100;  // pango's is 10
  types[0].engine = &engine;
  apis[0].api = API_textlayout;
  apis[0].types = types;
  library.packagename = package;
  library.apis = apis;
  gvAddLibrary(context, &library);
  // Its status says only whether some plugin was chosen.
  (void)gvtextlayout_select(context);
  return 1;
}
#else
static inline int fa_install_textlayout(GVC_t *context, fa_textlayout_fn measure) {
  (void)context;
  (void)measure;
  return 0;
}
#endif

/// `gvRenderData` with a `size_t` length whatever this Graphviz release uses.
static inline int fa_render_data(GVC_t *context, Agraph_t *graph, const char *format,
                                 char **result, size_t *length) {
#if defined(GRAPHVIZ_VERSION_MAJOR) && GRAPHVIZ_VERSION_MAJOR >= 3
  return gvRenderData(context, graph, format, result, length);
#else
  unsigned int shortLength = 0;
  int status = gvRenderData(context, graph, format, result, &shortLength);
  *length = shortLength;
  return status;
#endif
}

#endif
