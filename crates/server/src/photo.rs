//! My Account photos (issue #28): whatever a person uploads is decoded within limits, turned
//! upright (EXIF orientation), cropped to the centred square, resized to [`SIDE`] pixels and
//! re-encoded as JPEG. Only bytes this module wrote are ever stored or served, so an upload
//! can never be a page, a script or a decompression bomb in a teammate's browser.

use image::codecs::jpeg::JpegEncoder;
use image::imageops::FilterType;
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits};
use std::io::Cursor;

/// The largest upload accepted (a phone camera's photo fits).
pub const MAX_UPLOAD_BYTES: usize = 8 * 1024 * 1024;
/// The stored photo's width and height.
pub const SIDE: u32 = 256;
/// The largest width or height decoded.
const MAX_DIMENSION: u32 = 10_000;
/// The most memory a decode may take.
const MAX_DECODE_BYTES: u64 = 256 * 1024 * 1024;
const QUALITY: u8 = 85;

/// Why an upload is not a photo.
#[derive(Debug, PartialEq, Eq)]
pub enum PhotoError {
    /// Not a JPEG, PNG or WebP image, or broken, or beyond the decode limits.
    Unreadable,
}

/// The stored form of an uploaded photo: a [`SIDE`]×[`SIDE`] JPEG.
pub fn square_jpeg(bytes: &[u8]) -> Result<Vec<u8>, PhotoError> {
    let reader = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|_| PhotoError::Unreadable)?;
    if !matches!(
        reader.format(),
        Some(ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::WebP)
    ) {
        return Err(PhotoError::Unreadable);
    }
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_DIMENSION);
    limits.max_image_height = Some(MAX_DIMENSION);
    limits.max_alloc = Some(MAX_DECODE_BYTES);
    let mut reader = reader;
    reader.limits(limits);
    let mut decoder = reader.into_decoder().map_err(|_| PhotoError::Unreadable)?;
    let orientation = decoder.orientation().map_err(|_| PhotoError::Unreadable)?;
    let mut img = DynamicImage::from_decoder(decoder).map_err(|_| PhotoError::Unreadable)?;
    img.apply_orientation(orientation);
    let (w, h) = (img.width(), img.height());
    let side = w.min(h);
    if side == 0 {
        return Err(PhotoError::Unreadable);
    }
    let square = img.crop_imm((w - side) / 2, (h - side) / 2, side, side);
    let small = square
        .resize_exact(SIDE, SIDE, FilterType::Triangle)
        .to_rgb8();
    let mut out = Vec::with_capacity(32 * 1024);
    JpegEncoder::new_with_quality(&mut out, QUALITY)
        .encode_image(&small)
        .map_err(|_| PhotoError::Unreadable)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{ImageBuffer, Rgb};

    fn png(w: u32, h: u32) -> Vec<u8> {
        // Left half red, right half blue: the centred crop keeps both.
        let img = ImageBuffer::from_fn(w, h, |x, _| {
            if x < w / 2 {
                Rgb([255u8, 0, 0])
            } else {
                Rgb([0u8, 0, 255])
            }
        });
        let mut out = Vec::new();
        DynamicImage::ImageRgb8(img)
            .write_to(&mut Cursor::new(&mut out), ImageFormat::Png)
            .unwrap();
        out
    }

    #[test]
    fn a_wide_picture_becomes_a_centred_square_jpeg() {
        let out = square_jpeg(&png(600, 300)).unwrap();
        let img = image::load_from_memory(&out).unwrap();
        assert_eq!(image::guess_format(&out).unwrap(), ImageFormat::Jpeg);
        assert_eq!((img.width(), img.height()), (SIDE, SIDE));
        let rgb = img.to_rgb8();
        assert!(rgb.get_pixel(10, 128)[0] > 200, "left of the crop is red");
        assert!(
            rgb.get_pixel(245, 128)[2] > 200,
            "right of the crop is blue"
        );
    }

    #[test]
    fn what_is_not_a_photo_is_refused() {
        assert_eq!(
            square_jpeg(b"<html><script>alert(1)</script>"),
            Err(PhotoError::Unreadable)
        );
        assert_eq!(square_jpeg(b""), Err(PhotoError::Unreadable));
        let gif = b"GIF89a\x01\x00\x01\x00\x00\x00\x00;";
        assert_eq!(square_jpeg(gif), Err(PhotoError::Unreadable));
        let mut cut = png(64, 64);
        cut.truncate(cut.len() / 2);
        assert_eq!(square_jpeg(&cut), Err(PhotoError::Unreadable));
    }

    #[test]
    fn a_picture_claiming_huge_dimensions_is_refused_before_it_allocates() {
        // A PNG header announcing 100 000 × 100 000 pixels, with almost no data.
        let mut bytes = png(1, 1);
        bytes[16..20].copy_from_slice(&100_000u32.to_be_bytes());
        bytes[20..24].copy_from_slice(&100_000u32.to_be_bytes());
        assert_eq!(square_jpeg(&bytes), Err(PhotoError::Unreadable));
    }
}
