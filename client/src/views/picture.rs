//! A package's picture on screen: its bytes (sent by the server once, kept
//! by hash in the state) decoded once into an egui texture, kept in egui's
//! memory by hash, and drawn as large as the space allows with its aspect
//! kept. A picture that does not decode shows why, in words; nothing here
//! panics on bad bytes.

use std::io::Cursor;

use egui::{ColorImage, Context, Id, RichText, TextureHandle, TextureOptions, Ui, Vec2};
use image::{ImageError, ImageReader, Limits};
use minuta_shared::packages::media::{MediaFile, MediaRef};

use crate::i18n::{Lang, T};
use crate::state::AppState;
use crate::views::widgets::{GREY, RED};

/// A side longer than this is scaled down: GPUs refuse textures past 8192
/// or 16384 pixels, and a projector shows 1920.
const LONGEST_SIDE: u32 = 4096;

/// What a picture became on this screen.
#[derive(Clone)]
enum Decoded {
    Ready(TextureHandle),
    Broken(Broken),
}

/// Why a picture cannot be shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Broken {
    /// The bytes are not a readable PNG or JPEG.
    Damaged,
    /// Its width and height need more memory than a screen should spend.
    TooLarge,
}

/// Draws `media` filling `size`; its bytes come from `state`. Until they
/// arrive, a line says the picture is on its way.
pub fn show(ui: &mut Ui, state: &AppState, media: &MediaRef, size: Vec2) {
    let lang = state.lang;
    let Some(file) = state.media.get(&media.hash) else {
        ui.label(RichText::new(lang.t(T::PictureLoading)).color(GREY));
        return;
    };
    match texture(ui.ctx(), file) {
        Decoded::Ready(texture) => {
            let image = egui::Image::new(&texture)
                .max_size(size)
                .maintain_aspect_ratio(true)
                .fit_to_exact_size(size)
                .alt_text(format!("{}: {}", lang.t(T::Picture), media.name));
            ui.add(image);
        }
        Decoded::Broken(why) => {
            ui.label(
                RichText::new(broken_text(lang, why, &media.name))
                    .size(size.y.clamp(16.0, 48.0) * 0.5)
                    .color(RED),
            );
        }
    }
}

/// The words for a picture that cannot be shown.
pub fn broken_text(lang: Lang, why: Broken, name: &str) -> String {
    match (lang, why) {
        (Lang::Ru, Broken::Damaged) => {
            format!("Картинку «{name}» не удалось показать: файл повреждён или не PNG/JPEG")
        }
        (Lang::Ru, Broken::TooLarge) => {
            format!("Картинку «{name}» не удалось показать: она слишком велика")
        }
        (Lang::En, Broken::Damaged) => {
            format!("The picture «{name}» cannot be shown: the file is damaged or not PNG/JPEG")
        }
        (Lang::En, Broken::TooLarge) => {
            format!("The picture «{name}» cannot be shown: it is too large")
        }
    }
}

/// The picture's texture, decoded the first time it is drawn.
fn texture(ctx: &Context, file: &MediaFile) -> Decoded {
    let id = Id::unique(("package-picture", &file.hash.0));
    if let Some(decoded) = ctx.data(|d| d.get_temp::<Decoded>(id)) {
        return decoded;
    }
    let decoded = match decode(&file.bytes) {
        Ok(image) => Decoded::Ready(ctx.load_texture(
            format!("picture-{}", file.hash.short()),
            image,
            TextureOptions::LINEAR,
        )),
        Err(why) => {
            tracing::warn!(hash = %file.hash, ?why, "a picture does not decode");
            Decoded::Broken(why)
        }
    };
    ctx.data_mut(|d| d.insert_temp(id, decoded.clone()));
    decoded
}

/// PNG or JPEG bytes to pixels, bounded: no picture may make the decoder
/// allocate more than 256 MiB, and a huge one is scaled down.
pub fn decode(bytes: &[u8]) -> Result<ColorImage, Broken> {
    let mut reader = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|_| Broken::Damaged)?;
    let mut limits = Limits::default();
    limits.max_image_width = Some(16_384);
    limits.max_image_height = Some(16_384);
    limits.max_alloc = Some(256 * 1024 * 1024);
    reader.limits(limits);
    let image = reader.decode().map_err(|e| match e {
        ImageError::Limits(_) => Broken::TooLarge,
        _ => Broken::Damaged,
    })?;
    let image = if image.width().max(image.height()) > LONGEST_SIDE {
        image.thumbnail(LONGEST_SIDE, LONGEST_SIDE)
    } else {
        image
    };
    let rgba = image.to_rgba8();
    let size = [rgba.width() as usize, rgba.height() as usize];
    Ok(ColorImage::from_rgba_unmultiplied(size, rgba.as_raw()))
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    fn png(width: u32, height: u32) -> Vec<u8> {
        let image = image::RgbaImage::from_pixel(width, height, image::Rgba([200, 30, 30, 255]));
        let mut bytes = Vec::new();
        image
            .write_to(&mut Cursor::new(&mut bytes), image::ImageFormat::Png)
            .unwrap();
        bytes
    }

    #[test]
    fn picture_a_png_decodes_to_its_size() {
        let image = decode(&png(3, 2)).unwrap();
        assert_eq!(image.size, [3, 2]);
    }

    #[test]
    fn picture_broken_bytes_are_said_to_be_damaged_never_a_panic() {
        let mut cut = png(8, 8);
        cut.truncate(cut.len() / 2);
        for bytes in [
            b"".as_slice(),
            b"\x89PNG\r\n\x1a\nnonsense",
            &cut,
            b"\xFF\xD8\xFF\xE0",
        ] {
            assert_eq!(decode(bytes).err(), Some(Broken::Damaged));
        }
    }

    #[test]
    fn picture_broken_text_is_in_the_chosen_language() {
        assert!(broken_text(Lang::Ru, Broken::Damaged, "a.png").starts_with("Картинку «a.png»"));
        assert!(broken_text(Lang::En, Broken::TooLarge, "a.png").ends_with("too large"));
    }
}
