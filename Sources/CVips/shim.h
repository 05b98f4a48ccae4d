// libvips, for screenshots (trace format revision 4, screen.image): decoded and checked here,
// never by hand. Swift cannot call C's variadic functions, so each call FlowAtlasImages makes
// has a plain wrapper below.
#include <vips/vips.h>

// Drops libvips's own warnings: a bad image is reported once, as a `bad-image` diagnostic.
static void flowatlas_vips_quiet(const gchar *domain, GLogLevelFlags level, const gchar *message,
                                 gpointer data) {
  (void)domain; (void)level; (void)message; (void)data;
}

static inline int flowatlas_vips_start(void) {
  if (VIPS_INIT("flowatlas") != 0) return -1;
  g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO | G_LOG_LEVEL_DEBUG,
                    flowatlas_vips_quiet, NULL);
  // Every image is read once: nothing to keep between operations.
  vips_cache_set_max(0);
  return 0;
}

// The header of a PNG or a JPEG, its pixels decoded only when asked for; any damage an error.
// Read from the bytes FlowAtlas read itself, so that what is checked is what is hashed and kept.
static inline VipsImage *flowatlas_vips_load_png(const void *bytes, size_t length) {
  VipsImage *out = NULL;
  return vips_pngload_buffer((void *)bytes, length, &out, "access", VIPS_ACCESS_SEQUENTIAL, "fail_on",
                             VIPS_FAIL_ON_WARNING, NULL) == 0 ? out : NULL;
}

static inline VipsImage *flowatlas_vips_load_jpeg(const void *bytes, size_t length) {
  VipsImage *out = NULL;
  return vips_jpegload_buffer((void *)bytes, length, &out, "access", VIPS_ACCESS_SEQUENTIAL, "fail_on",
                              VIPS_FAIL_ON_WARNING, NULL) == 0 ? out : NULL;
}

// Decodes every pixel (the mean needs them all): a file cut short or damaged fails here.
static inline int flowatlas_vips_decode(VipsImage *image) {
  double mean = 0;
  return vips_avg(image, &mean, NULL);
}

// Decodes every pixel (damage fails here, as in flowatlas_vips_decode) into 8-bit sRGB rows, with
// their alpha where the image has one (`*bands` 3 or 4), in a buffer libvips allocated (free it
// with g_free): what FlowAtlas makes a thumbnail of, by its own arithmetic. A CMYK JPEG's rows are
// given as they are (`*cmyk` 1, 4 bands): libvips would convert them through lcms and its own
// CMYK profile, whose numbers change with their releases; FlowAtlas converts them in integers.
static inline int flowatlas_vips_pixels(VipsImage *image, void **pixels, size_t *length, int *width, int *height,
                                        int *bands, int *cmyk) {
  VipsImage *srgb = NULL, *bytes = NULL;
  int result = -1;
  *pixels = NULL;
  *cmyk = vips_image_get_interpretation(image) == VIPS_INTERPRETATION_CMYK && vips_image_get_bands(image) == 4;
  if (*cmyk) {
    srgb = image;
    g_object_ref(srgb);
  } else if (vips_colourspace(image, &srgb, VIPS_INTERPRETATION_sRGB, NULL) != 0) {
    goto done;
  }
  if (vips_cast_uchar(srgb, &bytes, NULL) != 0) goto done;
  *bands = vips_image_get_bands(bytes);
  if (*bands != 3 && *bands != 4) goto done;
  *pixels = vips_image_write_to_memory(bytes, length);
  if (*pixels == NULL) goto done;
  *width = vips_image_get_width(bytes);
  *height = vips_image_get_height(bytes);
  result = 0;
done:
  if (bytes) g_object_unref(bytes);
  if (srgb) g_object_unref(srgb);
  return result;
}

// A picture for benchmarks: a pattern of `width` × `height` pixels that differs with `seed`, as
// a PNG in a buffer libvips allocated (free it with g_free). Red, green, blue and an opaque alpha,
// as UIKit writes a screenshot.
static inline int flowatlas_vips_pattern_png(int width, int height, int seed, void **bytes, size_t *length) {
  VipsImage *xyz = NULL, *shifted = NULL, *wrapped = NULL, *two = NULL, *one = NULL, *three = NULL, *four = NULL,
            *pixels = NULL;
  int result = -1;
  if (vips_xyz(&xyz, width, height, NULL) == 0 && vips_linear1(xyz, &shifted, 1.0, (double)seed, NULL) == 0
      && vips_remainder_const1(shifted, &wrapped, 251.0, NULL) == 0 && vips_cast_uchar(wrapped, &two, NULL) == 0
      && vips_extract_band(two, &one, 0, NULL) == 0 && vips_bandjoin2(two, one, &three, NULL) == 0
      && vips_bandjoin_const1(three, &four, 255.0, NULL) == 0
      && vips_copy(four, &pixels, "interpretation", VIPS_INTERPRETATION_sRGB, NULL) == 0
      && vips_pngsave_buffer(pixels, bytes, length, NULL) == 0) {
    result = 0;
  }
  if (two) g_object_unref(two);
  if (one) g_object_unref(one);
  if (three) g_object_unref(three);
  if (four) g_object_unref(four);
  if (pixels) g_object_unref(pixels);
  if (wrapped) g_object_unref(wrapped);
  if (shifted) g_object_unref(shifted);
  if (xyz) g_object_unref(xyz);
  return result;
}
