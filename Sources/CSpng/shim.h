// libspng, for screenshots that are PNGs (trace format revision 4, screen.image): decoded and
// checked here, never by hand. libspng was written to read hostile PNGs (it is fuzzed, checks
// every chunk's checksum and length, and bounds what it keeps of them once told how much).
#include <spng.h>
#include <stdlib.h>
#include <zlib.h>

// A decoder for the PNG in `bytes` (which must outlive it). A chunk whose checksum does not
// match is an error, an ancillary chunk's too; so is metadata (text, an ICC profile, EXIF) of
// more than `metadata` bytes in a chunk or in all, once decompressed: a compressed text chunk of a
// few hundred kilobytes would otherwise inflate to a gigabyte. (An ancillary chunk whose checksum
// is right but whose contents are not is dropped, as browsers drop it.) Free it with spng_ctx_free.
// The image data's own checksum (zlib's Adler-32 of the decompressed rows) is not computed: every
// chunk that holds that data has its CRC-32 checked, which catches what Adler-32 would, and
// Adler-32 of a phone's screenshot (12 MB of rows) was a quarter of zlib's time decoding it.
static inline spng_ctx *flowatlas_png_open(const void *bytes, size_t length, size_t metadata) {
  spng_ctx *context = spng_ctx_new(SPNG_CTX_IGNORE_ADLER32);
  if (context == NULL) return NULL;
  if (spng_set_crc_action(context, SPNG_CRC_ERROR, SPNG_CRC_ERROR) != 0
      || spng_set_chunk_limits(context, metadata, metadata) != 0
      || spng_set_png_buffer(context, bytes, length) != 0) {
    spng_ctx_free(context);
    return NULL;
  }
  return context;
}

// The size its header gives; 0 where the header is read, else an error.
static inline int flowatlas_png_size(spng_ctx *context, uint32_t *width, uint32_t *height) {
  struct spng_ihdr header;
  int error = spng_get_ihdr(context, &header);
  if (error != 0) return error;
  *width = header.width;
  *height = header.height;
  return 0;
}

// What the picture decodes to: 8-bit red, green and blue, with alpha where the image has some (an
// alpha channel, or a tRNS chunk: `*alpha` 1), its header in `header`. Reads every chunk before the
// image data: a damaged one, or too much metadata, fails here with libspng's error; else 0.
static inline int flowatlas_png_form(spng_ctx *context, struct spng_ihdr *header, int *alpha) {
  struct spng_trns transparency;
  int error = spng_get_ihdr(context, header);
  if (error != 0) return error;
  int transparent = spng_get_trns(context, &transparency);
  if (transparent != 0 && transparent != SPNG_ECHUNKAVAIL) return transparent;
  *alpha = header->color_type == SPNG_COLOR_TYPE_GRAYSCALE_ALPHA
           || header->color_type == SPNG_COLOR_TYPE_TRUECOLOR_ALPHA || transparent == 0;
  return 0;
}

// Decodes every pixel into 8-bit red, green and blue rows, with alpha where the image has some
// (an alpha channel, or a tRNS chunk: `*bands` 4, else 3), in a buffer allocated here (free it
// with free()), then reads every chunk after them to the end: a file cut short, a stream that
// holds fewer pixels than the header says, or a damaged chunk anywhere fails here, with
// libspng's error (SPNG_ECHUNK_LIMITS for metadata past the limit). Gamma is not applied (a
// screenshot is sRGB), nor a colour profile: the pixels are the file's.
static inline int flowatlas_png_pixels(spng_ctx *context, void **pixels, size_t *length, int *bands) {
  struct spng_ihdr header;
  int alpha = 0;
  *pixels = NULL;
  int error = flowatlas_png_form(context, &header, &alpha);
  if (error != 0) return error;
  int format = alpha ? SPNG_FMT_RGBA8 : SPNG_FMT_RGB8;
  error = spng_decoded_image_size(context, format, length);
  if (error != 0) return error;
  *pixels = malloc(*length);
  if (*pixels == NULL) return SPNG_EMEM;
  error = spng_decode_image(context, *pixels, *length, format, alpha ? SPNG_DECODE_TRNS : 0);
  if (error == 0) error = spng_decode_chunks(context);
  if (error != 0) {
    free(*pixels);
    *pixels = NULL;
    return error;
  }
  *bands = alpha ? 4 : 3;
  return 0;
}

// What flowatlas_png_rows answers for an interlaced picture, whose rows do not come top first:
// decode it whole, with flowatlas_png_pixels.
#define FLOWATLAS_PNG_INTERLACED (-1)

// Starts decoding the picture row by row, top first, into the form flowatlas_png_pixels gives
// (`*bands` 3 or 4, each row `*row_length` bytes): then spng_decode_row gives each row, the last
// with SPNG_EOI, and spng_decode_chunks reads every chunk after them to the end. A row is used
// while it is in the processor's cache, and the picture is never held whole. 0, else
// FLOWATLAS_PNG_INTERLACED, else libspng's error (a damaged chunk, or too much metadata, before
// the image data).
static inline int flowatlas_png_rows(spng_ctx *context, int *bands, size_t *row_length) {
  struct spng_ihdr header;
  size_t length = 0;
  int alpha = 0;
  int error = flowatlas_png_form(context, &header, &alpha);
  if (error != 0) return error;
  if (header.interlace_method != SPNG_INTERLACE_NONE) return FLOWATLAS_PNG_INTERLACED;
  int format = alpha ? SPNG_FMT_RGBA8 : SPNG_FMT_RGB8;
  error = spng_decoded_image_size(context, format, &length);
  if (error != 0) return error;
  error = spng_decode_image(context, NULL, 0, format, SPNG_DECODE_PROGRESSIVE | (alpha ? SPNG_DECODE_TRNS : 0));
  if (error != 0) return error;
  *bands = alpha ? 4 : 3;
  *row_length = length / header.height;
  return 0;
}

// The release of zlib, which decompresses every PNG: what libspng accepts follows it too.
static inline const char *flowatlas_png_zlib_version(void) { return zlibVersion(); }

// A PNG of `width` × `height` 8-bit red, green, blue and alpha `pixels`, in a buffer allocated
// here (free it with free()): for benchmarks and tests, which need pictures zlib compresses as
// an app's are.
static inline int flowatlas_png_encode_rgba(const void *pixels, uint32_t width, uint32_t height, void **bytes,
                                            size_t *length) {
  struct spng_ihdr header = {0};
  int error = 0;
  *bytes = NULL;
  spng_ctx *context = spng_ctx_new(SPNG_CTX_ENCODER);
  if (context == NULL) return SPNG_EMEM;
  header.width = width;
  header.height = height;
  header.bit_depth = 8;
  header.color_type = SPNG_COLOR_TYPE_TRUECOLOR_ALPHA;
  error = spng_set_option(context, SPNG_ENCODE_TO_BUFFER, 1);
  // Rows unfiltered, as libvips and ImageIO write them by default: a picture compresses as an
  // app's would (filters would make a benchmark's pattern almost nothing).
  if (error == 0) error = spng_set_option(context, SPNG_FILTER_CHOICE, SPNG_DISABLE_FILTERING);
  if (error == 0) error = spng_set_ihdr(context, &header);
  if (error == 0)
    error = spng_encode_image(context, pixels, (size_t)width * height * 4, SPNG_FMT_PNG, SPNG_ENCODE_FINALIZE);
  if (error == 0) *bytes = spng_get_png_buffer(context, length, &error);
  spng_ctx_free(context);
  return *bytes == NULL && error == 0 ? SPNG_EMEM : error;
}
