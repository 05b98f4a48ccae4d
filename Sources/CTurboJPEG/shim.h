// libjpeg-turbo's TurboJPEG API, for screenshots that are JPEGs (trace format revision 4,
// screen.image): decoded and checked here, never by hand.
#include <stdlib.h>
#include <turbojpeg.h>

// The size and colour space the JPEG in `bytes` says it has: 0 where its header is read.
// `*inks` is 1 for a CMYK or YCCK picture (decoded to its four inks), else 0.
static inline int flowatlas_jpeg_size(tjhandle decoder, const void *bytes, size_t length, int *width, int *height,
                                      int *inks) {
  int subsampling = 0, colourSpace = 0;
  if (tjDecompressHeader3(decoder, (const unsigned char *)bytes, (unsigned long)length, width, height, &subsampling,
                          &colourSpace) != 0) {
    return -1;
  }
  // A file of tables alone has no size: nothing to decode (tjDecompress2 would take 0 for "its own").
  if (*width <= 0 || *height <= 0) return -1;
  *inks = colourSpace == TJCS_CMYK || colourSpace == TJCS_YCCK;
  return 0;
}

// Decodes every pixel of a `width` × `height` JPEG into 8-bit red, green and blue rows (a grey
// picture's grey in each), or its four inks where `inks` is 1, in a buffer allocated here (free
// it with free()). A warning is an error (a file cut short is one: libjpeg would fill the rest
// grey), and a progressive picture of more scans than any encoder writes is refused.
static inline int flowatlas_jpeg_pixels(tjhandle decoder, const void *bytes, size_t length, int width, int height,
                                        int inks, void **pixels, size_t *size) {
  *size = (size_t)width * (size_t)height * (inks ? 4 : 3);
  *pixels = malloc(*size);
  if (*pixels == NULL) return -1;
  if (tjDecompress2(decoder, (const unsigned char *)bytes, (unsigned long)length, (unsigned char *)*pixels, width, 0,
                    height, inks ? TJPF_CMYK : TJPF_RGB, TJFLAG_ACCURATEDCT | TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS)
      != 0) {
    free(*pixels);
    *pixels = NULL;
    return -1;
  }
  return 0;
}
