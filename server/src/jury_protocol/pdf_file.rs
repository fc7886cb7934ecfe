//! A PDF file from placed pages: the embedded font (DejaVu Sans, subset to
//! the glyphs used, a CID font with a ToUnicode map so the text can be
//! searched and copied), its advances for layout and the word wrap, and the
//! writer that turns [`Page`]s — lines of text, thin rules, dashed cut
//! lines and filled squares (a QR code's modules) — into a PDF. What is
//! placed where is the caller's: the protocol ([`super::render`]) and the
//! join codes' cards ([`crate::codes_pdf`]). No layout of documents here.

use std::collections::BTreeMap;
use std::io::Write;

use flate2::Compression;
use flate2::write::ZlibEncoder;
use pdf_writer::types::{CidFontType, FontFlags, SystemInfo, TextRenderingMode, UnicodeCmap};
use pdf_writer::{Content, Filter, Finish, Name, Pdf, Rect, Ref, Str, TextStr};
use subsetter::GlyphRemapper;
use thiserror::Error;

/// DejaVu Sans 2.37 (its licence: `server/assets/fonts/DejaVuSans-LICENSE.txt`).
static FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");

/// A4 in points.
pub const PAGE_WIDTH: f32 = 595.28;
pub const PAGE_HEIGHT: f32 = 841.89;

/// Why the protocol could not be made into a PDF. Neither happens with the
/// font the binary carries; they are errors, not panics, all the same.
#[derive(Debug, Error)]
pub enum RenderError {
    #[error("the protocol's font cannot be read: {0}")]
    Font(String),
    #[error("the protocol's font cannot be subset: {0}")]
    Subset(String),
    #[error("compressing the protocol: {0}")]
    Deflate(#[from] std::io::Error),
    /// A join code too long for a QR code (they are far shorter).
    #[error("a join code cannot be made into a QR code: {0}")]
    Qr(String),
}

/// One line of text placed on a page: `x`, `y` its baseline's start.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    pub x: f32,
    pub y: f32,
    pub size: f32,
    pub bold: bool,
    pub text: String,
    /// How wide it is, by the font's advances.
    pub width: f32,
}

/// A thin grey line of a table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rule {
    pub from: (f32, f32),
    pub to: (f32, f32),
}

/// A filled black rectangle: `x`, `y` its lower left corner.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fill {
    pub x: f32,
    pub y: f32,
    pub width: f32,
    pub height: f32,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Page {
    pub runs: Vec<Run>,
    pub rules: Vec<Rule>,
    /// Dashed lines to cut along (the join codes' cards).
    pub cuts: Vec<Rule>,
    pub fills: Vec<Fill>,
}

/// The embedded face: glyphs and advances for layout and for the PDF.
pub(crate) struct Font {
    face: ttf_parser::Face<'static>,
    units_per_em: f32,
    /// What a character the font lacks is shown as.
    fallback: ttf_parser::GlyphId,
}

impl Font {
    pub(crate) fn load() -> Result<Font, RenderError> {
        let face =
            ttf_parser::Face::parse(FONT, 0).map_err(|err| RenderError::Font(err.to_string()))?;
        let fallback = face
            .glyph_index('?')
            .ok_or_else(|| RenderError::Font("it has no «?»".to_owned()))?;
        Ok(Font {
            units_per_em: f32::from(face.units_per_em()),
            face,
            fallback,
        })
    }

    /// The glyph a character is shown with: its own, else «?».
    fn glyph(&self, c: char) -> ttf_parser::GlyphId {
        self.face.glyph_index(c).unwrap_or(self.fallback)
    }

    /// The character that is actually shown for `c`: a tab or another
    /// control character as a space, one the font lacks as «?» — so the
    /// text a reader copies is the text printed.
    pub(crate) fn shown(&self, c: char) -> char {
        if c.is_control() {
            ' '
        } else if self.face.glyph_index(c).is_some() {
            c
        } else {
            '?'
        }
    }

    /// A glyph's advance in thousandths of the size (PDF's glyph space).
    fn advance(&self, glyph: ttf_parser::GlyphId) -> f32 {
        f32::from(self.face.glyph_hor_advance(glyph).unwrap_or(0)) * 1000.0 / self.units_per_em
    }

    pub(crate) fn width(&self, text: &str, size: f32) -> f32 {
        text.chars()
            .map(|c| self.advance(self.glyph(c)))
            .sum::<f32>()
            * size
            / 1000.0
    }

    fn scaled(&self, units: i16) -> f32 {
        f32::from(units) * 1000.0 / self.units_per_em
    }
}

/// Lines of at most `width` points: broken at spaces, a word longer than a
/// line broken between its characters; `\n` starts a new line.
pub(crate) fn wrap(font: &Font, text: &str, size: f32, width: f32) -> Vec<String> {
    let text: String = text
        .chars()
        .map(|c| if c == '\n' { c } else { font.shown(c) })
        .collect();
    let space = font.width(" ", size);
    let mut lines = Vec::new();
    for paragraph in text.split('\n') {
        let mut line = String::new();
        let mut used = 0.0;
        for word in paragraph.split(' ').filter(|w| !w.is_empty()) {
            let w = font.width(word, size);
            if !line.is_empty() && used + space + w <= width {
                line.push(' ');
                line.push_str(word);
                used += space + w;
                continue;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
                used = 0.0;
            }
            if w <= width {
                line.push_str(word);
                used = w;
                continue;
            }
            for c in word.chars() {
                let cw = font.width(c.encode_utf8(&mut [0; 4]), size);
                if !line.is_empty() && used + cw > width {
                    lines.push(std::mem::take(&mut line));
                    used = 0.0;
                }
                line.push(c);
                used += cw;
            }
        }
        lines.push(line);
    }
    lines
}

/// Zlib-deflated, as PDF's FlateDecode reads it.
fn deflate(data: &[u8]) -> Result<Vec<u8>, RenderError> {
    let mut encoder = ZlibEncoder::new(Vec::new(), Compression::default());
    encoder.write_all(data)?;
    Ok(encoder.finish()?)
}

const FONT_NAME: Name<'static> = Name(b"F1");
/// A subset font's name carries a six-letter tag (PDF 9.6.4).
const BASE_FONT: Name<'static> = Name(b"MNUTAA+DejaVuSans");

pub(crate) fn write_pdf(font: &Font, pages: &[Page], title: &str) -> Result<Vec<u8>, RenderError> {
    let mut next = Ref::new(1);
    let catalog = next.bump();
    let tree = next.bump();
    let info = next.bump();
    let type0 = next.bump();
    let cid_font = next.bump();
    let descriptor = next.bump();
    let font_file = next.bump();
    let to_unicode = next.bump();
    let page_ids: Vec<(Ref, Ref)> = pages.iter().map(|_| (next.bump(), next.bump())).collect();

    let mut pdf = Pdf::new();
    pdf.catalog(catalog).pages(tree).lang(TextStr("ru"));
    // Which Minuta made the file, as a PDF viewer's properties show it.
    let maker = format!("Minuta {}", minuta_shared::version::long());
    pdf.document_info(info)
        .title(TextStr(title))
        .creator(TextStr(&maker))
        .producer(TextStr(&maker));
    pdf.pages(tree)
        .kids(page_ids.iter().map(|(page, _)| *page))
        .count(page_ids.len() as i32);

    // Glyph ids are renumbered for the subset as the text is encoded; the
    // first character seen for a glyph is what it reads back as.
    let mut remapper = GlyphRemapper::new();
    let mut chars: BTreeMap<u16, char> = BTreeMap::new();
    for (page, (page_id, content_id)) in pages.iter().zip(&page_ids) {
        let mut content = Content::new();
        if !page.fills.is_empty() {
            for fill in &page.fills {
                content.rect(fill.x, fill.y, fill.width, fill.height);
            }
            content.fill_nonzero();
        }
        if !page.cuts.is_empty() {
            content.save_state();
            content.set_line_width(0.5).set_stroke_gray(0.4);
            content.set_dash_pattern([4.0, 3.0], 0.0);
            for cut in &page.cuts {
                content.move_to(cut.from.0, cut.from.1);
                content.line_to(cut.to.0, cut.to.1);
            }
            content.stroke();
            content.restore_state();
        }
        if !page.rules.is_empty() {
            content.save_state();
            content.set_line_width(0.4).set_stroke_gray(0.55);
            for rule in &page.rules {
                content.move_to(rule.from.0, rule.from.1);
                content.line_to(rule.to.0, rule.to.1);
            }
            content.stroke();
            content.restore_state();
        }
        for run in &page.runs {
            let mut encoded = Vec::with_capacity(run.text.len() * 2);
            for c in run.text.chars() {
                let c = font.shown(c);
                let glyph = remapper.remap(font.glyph(c).0);
                chars.entry(glyph).or_insert(c);
                encoded.extend_from_slice(&glyph.to_be_bytes());
            }
            if run.bold {
                content.set_line_width(run.size * 0.035);
            }
            content.begin_text();
            content.set_font(FONT_NAME, run.size);
            content.set_text_rendering_mode(if run.bold {
                TextRenderingMode::FillStroke
            } else {
                TextRenderingMode::Fill
            });
            content.set_text_matrix([1.0, 0.0, 0.0, 1.0, run.x, run.y]);
            content.show(Str(&encoded));
            content.end_text();
        }
        let data = deflate(&content.finish())?;
        pdf.stream(*content_id, &data).filter(Filter::FlateDecode);
        let mut p = pdf.page(*page_id);
        p.media_box(Rect::new(0.0, 0.0, PAGE_WIDTH, PAGE_HEIGHT))
            .parent(tree)
            .contents(*content_id);
        p.resources().fonts().pair(FONT_NAME, type0);
        p.finish();
    }

    let subset = subsetter::subset(FONT, 0, &remapper)
        .map_err(|err| RenderError::Subset(err.to_string()))?;
    let widths: Vec<f32> = remapper
        .remapped_gids()
        .map(|old| font.advance(ttf_parser::GlyphId(old)))
        .collect();
    let system = SystemInfo {
        registry: Str(b"Adobe"),
        ordering: Str(b"Identity"),
        supplement: 0,
    };
    pdf.type0_font(type0)
        .base_font(BASE_FONT)
        .encoding_predefined(Name(b"Identity-H"))
        .descendant_font(cid_font)
        .to_unicode(to_unicode);
    let mut cid = pdf.cid_font(cid_font);
    cid.subtype(CidFontType::Type2)
        .base_font(BASE_FONT)
        .system_info(system)
        .font_descriptor(descriptor)
        .default_width(0.0)
        .cid_to_gid_map_predefined(Name(b"Identity"));
    cid.widths().consecutive(0, widths);
    cid.finish();
    let face = &font.face;
    let bbox = face.global_bounding_box();
    pdf.font_descriptor(descriptor)
        .name(BASE_FONT)
        .flags(FontFlags::NON_SYMBOLIC)
        .bbox(Rect::new(
            font.scaled(bbox.x_min),
            font.scaled(bbox.y_min),
            font.scaled(bbox.x_max),
            font.scaled(bbox.y_max),
        ))
        .italic_angle(0.0)
        .ascent(font.scaled(face.ascender()))
        .descent(font.scaled(face.descender()))
        .cap_height(font.scaled(face.capital_height().unwrap_or(face.ascender())))
        .stem_v(80.0)
        .font_file2(font_file);
    let packed = deflate(&subset)?;
    pdf.stream(font_file, &packed)
        .filter(Filter::FlateDecode)
        .pair(Name(b"Length1"), subset.len() as i32);
    let mut cmap = UnicodeCmap::new(Name(b"Minuta-UCS"), system);
    for (glyph, c) in chars {
        cmap.pair(glyph, c);
    }
    let cmap = deflate(&cmap.finish())?;
    let mut stream = pdf.cmap(to_unicode, &cmap);
    stream.name(Name(b"Minuta-UCS")).system_info(system);
    stream.filter(Filter::FlateDecode);
    stream.finish();
    Ok(pdf.finish())
}
