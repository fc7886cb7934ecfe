//! The protocol on A4 pages: a small layout of its own (greedy word wrap by
//! the embedded font's advances, tables whose cells wrap in their columns
//! and whose header repeats on every page, headings kept with what follows,
//! the signatures kept on one page, «стр. N из M» at the foot), then the PDF
//! through `pdf-writer`, with DejaVu Sans subset to the glyphs used.
//!
//! The font is a CID font (Identity-H): the content streams carry glyph ids,
//! and a ToUnicode map turns them back into text, so a reader can search and
//! copy the protocol, Cyrillic included. There is no bold face in the repo:
//! headings are filled *and* stroked with a thin line, which every viewer
//! and printer shows as bold for the price of no second font.

use std::collections::BTreeMap;
use std::io::Write;

use flate2::Compression;
use flate2::write::ZlibEncoder;
use pdf_writer::types::{CidFontType, FontFlags, SystemInfo, TextRenderingMode, UnicodeCmap};
use pdf_writer::{Content, Filter, Finish, Name, Pdf, Rect, Ref, Str, TextStr};
use subsetter::GlyphRemapper;
use thiserror::Error;

use super::{Block, Level, Protocol, Table};

/// DejaVu Sans 2.37 (its licence: `server/assets/fonts/DejaVuSans-LICENSE.txt`).
static FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");

/// A4 in points.
pub const PAGE_WIDTH: f32 = 595.28;
pub const PAGE_HEIGHT: f32 = 841.89;
pub const MARGIN_LEFT: f32 = 50.0;
pub const MARGIN_RIGHT: f32 = 45.0;
pub const MARGIN_TOP: f32 = 50.0;
/// Room for the footer below the text.
pub const MARGIN_BOTTOM: f32 = 60.0;
const FOOTER_BASELINE: f32 = 30.0;

const BODY: f32 = 10.0;
const TABLE: f32 = 8.5;
const FOOTER: f32 = 7.5;
/// Baseline to baseline, as a multiple of the size.
const LEADING: f32 = 1.3;
/// Between a table cell's rule and its text.
const CELL_PAD: f32 = 2.5;
/// Between a signature line and the next: room for a signature.
const SIGNATURE_STEP: f32 = 34.0;

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

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Page {
    pub runs: Vec<Run>,
    pub rules: Vec<Rule>,
}

/// The protocol as a PDF file.
pub fn render(protocol: &Protocol) -> Result<Vec<u8>, RenderError> {
    let font = Font::load()?;
    let pages = lay_out(&font, protocol);
    write_pdf(&font, &pages, &protocol.title)
}

/// The protocol's pages, every line placed, footers included.
pub fn layout(protocol: &Protocol) -> Result<Vec<Page>, RenderError> {
    Ok(lay_out(&Font::load()?, protocol))
}

/// The embedded face: glyphs and advances for layout and for the PDF.
struct Font {
    face: ttf_parser::Face<'static>,
    units_per_em: f32,
    /// What a character the font lacks is shown as.
    fallback: ttf_parser::GlyphId,
}

impl Font {
    fn load() -> Result<Font, RenderError> {
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
    fn shown(&self, c: char) -> char {
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

    fn width(&self, text: &str, size: f32) -> f32 {
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
fn wrap(font: &Font, text: &str, size: f32, width: f32) -> Vec<String> {
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

fn heading_size(level: Level) -> f32 {
    match level {
        Level::Title => 17.0,
        Level::Section => 14.0,
        Level::Sub => 12.0,
        Level::Minor => 10.5,
    }
}

/// Places the blocks page by page; `y` is the top of the next line.
struct Layouter<'f> {
    font: &'f Font,
    pages: Vec<Page>,
    y: f32,
}

const TOP: f32 = PAGE_HEIGHT - MARGIN_TOP;
const TEXT_WIDTH: f32 = PAGE_WIDTH - MARGIN_LEFT - MARGIN_RIGHT;

impl<'f> Layouter<'f> {
    fn new(font: &'f Font) -> Self {
        Layouter {
            font,
            pages: vec![Page::default()],
            y: TOP,
        }
    }

    fn block(&mut self, block: &Block) {
        match block {
            Block::Heading { level, text } => self.heading(*level, text),
            Block::Text(text) => self.text(text),
            Block::Table(table) => self.table(table),
            Block::Signatures(lines) => self.signatures(lines),
            Block::Together(blocks) => {
                // Laid out once on a blank page to learn its height: if it
                // fits a page but not the rest of this one, it starts the next.
                let mut trial = Layouter::new(self.font);
                blocks.iter().for_each(|b| trial.block(b));
                // The space a heading leaves above itself is not left at
                // the top of a page, where the trial began.
                let height = TOP - trial.y + heading_size(Level::Section);
                if trial.pages.len() == 1 && self.y - height < MARGIN_BOTTOM {
                    self.new_page();
                }
                blocks.iter().for_each(|b| self.block(b));
            }
        }
    }

    fn page(&mut self) -> &mut Page {
        if self.pages.is_empty() {
            self.pages.push(Page::default());
        }
        let last = self.pages.len() - 1;
        &mut self.pages[last]
    }

    fn new_page(&mut self) {
        self.pages.push(Page::default());
        self.y = TOP;
    }

    fn at_top(&self) -> bool {
        self.y >= TOP
    }

    /// Starts a new page unless `height` more fits on this one.
    fn ensure(&mut self, height: f32) {
        if self.y - height < MARGIN_BOTTOM && !self.at_top() {
            self.new_page();
        }
    }

    fn space(&mut self, height: f32) {
        if !self.at_top() {
            self.y -= height;
        }
    }

    /// One line with its top at `y`.
    fn put(&mut self, x: f32, text: String, size: f32, bold: bool) {
        let width = self.font.width(&text, size);
        let y = self.y - size;
        self.page().runs.push(Run {
            x,
            y,
            size,
            bold,
            text,
            width,
        });
    }

    fn rule(&mut self, y: f32) {
        self.page().rules.push(Rule {
            from: (MARGIN_LEFT, y),
            to: (MARGIN_LEFT + TEXT_WIDTH, y),
        });
    }

    fn heading(&mut self, level: Level, text: &str) {
        let size = heading_size(level);
        let lines = wrap(self.font, text, size, TEXT_WIDTH);
        let lead = size * LEADING;
        self.space(size * 0.8);
        // A heading is never the last line of a page: it keeps its own
        // lines and three of the body with it.
        self.ensure(lead * lines.len() as f32 + 3.0 * BODY * LEADING);
        for line in lines {
            // Only a heading longer than a page gets here without room.
            self.ensure(lead);
            self.put(MARGIN_LEFT, line, size, true);
            self.y -= lead;
        }
        self.y -= size * 0.25;
    }

    fn text(&mut self, text: &str) {
        let lead = BODY * LEADING;
        for line in wrap(self.font, text, BODY, TEXT_WIDTH) {
            self.ensure(lead);
            self.put(MARGIN_LEFT, line, BODY, false);
            self.y -= lead;
        }
    }

    fn table(&mut self, table: &Table) {
        let total: f32 = table.columns.iter().map(|c| c.share.max(0.1)).sum();
        let widths: Vec<f32> = table
            .columns
            .iter()
            .map(|c| TEXT_WIDTH * c.share.max(0.1) / total)
            .collect();
        let lead = TABLE * LEADING;
        let cells = |row: &[String]| -> Vec<Vec<String>> {
            widths
                .iter()
                .enumerate()
                .map(|(i, w)| {
                    let text = row.get(i).map(String::as_str).unwrap_or("");
                    wrap(self.font, text, TABLE, w - 2.0 * CELL_PAD)
                })
                .collect()
        };
        let height = |cells: &[Vec<String>]| {
            cells.iter().map(Vec::len).max().unwrap_or(1) as f32 * lead + 2.0 * CELL_PAD
        };
        let titles: Vec<String> = table.columns.iter().map(|c| c.title.clone()).collect();
        let header = cells(&titles);
        let header_height = height(&header);
        let rows: Vec<Vec<Vec<String>>> = table.rows.iter().map(|r| cells(r)).collect();
        let first = rows.first().map_or(0.0, |r| height(r));
        self.space(2.0);
        self.ensure(header_height + first.min(4.0 * lead));
        self.table_row(&widths, &header, true, None);
        for row in &rows {
            let h = height(row);
            // A row that fits a page is never split: it moves to the next,
            // under the header again.
            if self.y - h < MARGIN_BOTTOM && h <= TOP - MARGIN_BOTTOM - header_height {
                self.new_page();
                self.table_row(&widths, &header, true, None);
            }
            self.table_row(&widths, row, false, Some(&header));
        }
        self.y -= lead * 0.5;
    }

    /// One row, line by line; a row taller than a page continues on the
    /// next under the header again (`header`).
    fn table_row(
        &mut self,
        widths: &[f32],
        cells: &[Vec<String>],
        bold: bool,
        header: Option<&[Vec<String>]>,
    ) {
        let lead = TABLE * LEADING;
        // A body row's top is the rule under the row above it.
        if bold {
            let y = self.y;
            self.rule(y);
        }
        self.y -= CELL_PAD;
        let lines = cells.iter().map(Vec::len).max().unwrap_or(1);
        for i in 0..lines {
            if self.y - lead < MARGIN_BOTTOM
                && let Some(header) = header
            {
                self.new_page();
                self.table_row(widths, header, true, None);
                self.y -= CELL_PAD;
            }
            let mut x = MARGIN_LEFT;
            for (cell, w) in cells.iter().zip(widths) {
                if let Some(line) = cell.get(i) {
                    self.put(x + CELL_PAD, line.clone(), TABLE, bold);
                }
                x += w;
            }
            self.y -= lead;
        }
        self.y -= CELL_PAD;
        let y = self.y;
        self.rule(y);
    }

    fn signatures(&mut self, lines: &[String]) {
        self.space(BODY);
        self.ensure(SIGNATURE_STEP * lines.len() as f32);
        for line in lines {
            self.y -= SIGNATURE_STEP - BODY * LEADING;
            self.text(line);
        }
    }
}

fn lay_out(font: &Font, protocol: &Protocol) -> Vec<Page> {
    let mut l = Layouter::new(font);
    for block in &protocol.blocks {
        l.block(block);
    }
    let mut pages = l.pages;
    footers(font, &protocol.title, &mut pages);
    pages
}

/// The protocol's title at the left of every page's foot, «стр. N из M» at
/// the right: a page that comes loose still says where it belongs.
fn footers(font: &Font, title: &str, pages: &mut [Page]) {
    let count = pages.len();
    for (i, page) in pages.iter_mut().enumerate() {
        let number = format!("стр. {} из {count}", i + 1);
        let number_width = font.width(&number, FOOTER);
        let room = TEXT_WIDTH - number_width - 20.0;
        let title = match wrap(font, title, FOOTER, room - font.width(" …", FOOTER)).as_slice() {
            [one] => one.clone(),
            [first, ..] => format!("{first} …"),
            [] => String::new(),
        };
        let width = font.width(&title, FOOTER);
        page.runs.push(Run {
            x: MARGIN_LEFT,
            y: FOOTER_BASELINE,
            size: FOOTER,
            bold: false,
            text: title,
            width,
        });
        page.runs.push(Run {
            x: PAGE_WIDTH - MARGIN_RIGHT - number_width,
            y: FOOTER_BASELINE,
            size: FOOTER,
            bold: false,
            text: number,
            width: number_width,
        });
    }
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

fn write_pdf(font: &Font, pages: &[Page], title: &str) -> Result<Vec<u8>, RenderError> {
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
    pdf.document_info(info)
        .title(TextStr(title))
        .creator(TextStr("Minuta"))
        .producer(TextStr("Minuta"));
    pdf.pages(tree)
        .kids(page_ids.iter().map(|(page, _)| *page))
        .count(page_ids.len() as i32);

    // Glyph ids are renumbered for the subset as the text is encoded; the
    // first character seen for a glyph is what it reads back as.
    let mut remapper = GlyphRemapper::new();
    let mut chars: BTreeMap<u16, char> = BTreeMap::new();
    for (page, (page_id, content_id)) in pages.iter().zip(&page_ids) {
        let mut content = Content::new();
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

#[cfg(test)]
mod tests {
    use super::*;

    fn font() -> Font {
        Font::load().unwrap()
    }

    /// Every run but the footers.
    fn body(pages: &[Page]) -> impl Iterator<Item = &Run> {
        pages
            .iter()
            .flat_map(|p| &p.runs)
            .filter(|r| r.y > FOOTER_BASELINE)
    }

    #[test]
    fn text_wraps_at_spaces_within_the_width() {
        let font = font();
        let text =
            "Авторский ответ: «Евгений Онегин», роман в стихах Александра Сергеевича Пушкина";

        let lines = wrap(&font, text, BODY, 150.0);

        assert!(lines.len() > 2, "{lines:?}");
        assert!(
            lines.iter().all(|l| font.width(l, BODY) <= 150.0),
            "{lines:?}"
        );
        assert_eq!(lines.join(" "), text);
    }

    #[test]
    fn a_word_longer_than_a_line_is_broken_between_its_characters() {
        let font = font();
        let word = "Длинноесловобезпробеловкотороеневлезаетвстроку";

        let lines = wrap(&font, word, BODY, 60.0);

        assert!(lines.len() > 2, "{lines:?}");
        assert!(
            lines.iter().all(|l| font.width(l, BODY) <= 60.0),
            "{lines:?}"
        );
        assert_eq!(lines.concat(), word);
    }

    #[test]
    fn a_new_line_in_the_text_starts_a_new_line_and_tabs_are_spaces() {
        let lines = wrap(&font(), "1. Пушкин\n2.\tЛермонтов", BODY, TEXT_WIDTH);

        assert_eq!(lines, ["1. Пушкин", "2. Лермонтов"]);
    }

    #[test]
    fn a_character_the_font_lacks_is_shown_and_read_as_a_question_mark() {
        // DejaVu Sans has no CJK ideographs.
        let lines = wrap(&font(), "Сова 漢", BODY, TEXT_WIDTH);

        assert_eq!(lines, ["Сова ?"]);
    }

    fn long_table(rows: usize) -> Protocol {
        let mut p = Protocol::new("Протокол");
        p.heading(Level::Section, "Что? Где? Когда?");
        let mut table = Table::new(&[("Место", 1.0), ("Команда", 3.0), ("Ответ", 4.0)]);
        for i in 1..=rows {
            table.row(vec![
                i.to_string(),
                format!("Команда {i}"),
                "Ответ, который занимает в своей колонке не одну строку, а несколько".to_owned(),
            ]);
        }
        p.table(table);
        p
    }

    #[test]
    fn a_long_table_runs_onto_new_pages_under_its_header_again() {
        let pages = layout(&long_table(120)).unwrap();

        assert!(pages.len() >= 4, "{} pages", pages.len());
        for page in &pages {
            let header = page.runs.iter().find(|r| r.bold && r.text == "Команда");
            assert!(header.is_some(), "a page without the header");
        }
        // Every row is there once, and never below the bottom margin.
        for i in [1, 60, 120] {
            let row = format!("Команда {i}");
            assert_eq!(body(&pages).filter(|r| r.text == row).count(), 1, "{row}");
        }
        assert!(body(&pages).all(|r| r.y >= MARGIN_BOTTOM - TABLE));
        assert!(body(&pages).all(|r| r.y <= PAGE_HEIGHT - MARGIN_TOP));
    }

    #[test]
    fn nothing_is_placed_past_the_right_margin() {
        let pages = layout(&long_table(40)).unwrap();

        let right = PAGE_WIDTH - MARGIN_RIGHT + 0.01;
        assert!(
            pages
                .iter()
                .flat_map(|p| &p.runs)
                .all(|r| r.x >= MARGIN_LEFT && r.x + r.width <= right)
        );
    }

    #[test]
    fn a_table_row_taller_than_a_page_goes_on_over_the_next() {
        let mut p = Protocol::new("Протокол");
        let mut table = Table::new(&[("№", 1.0), ("Апелляция", 3.0)]);
        table.row(vec![
            "1".to_owned(),
            "Очень длинная апелляция. ".repeat(400),
        ]);
        p.table(table);

        let pages = layout(&p).unwrap();

        assert!(pages.len() >= 2, "{} pages", pages.len());
        assert!(body(&pages).all(|r| r.y >= MARGIN_BOTTOM - TABLE));
    }

    #[test]
    fn the_signatures_stay_together_on_one_page() {
        let mut p = long_table(37);
        p.blocks.push(Block::Signatures(
            [
                "Ведущий ____",
                "Председатель жюри ____",
                "Апелляционное жюри ____",
                "Дата ____",
            ]
            .map(String::from)
            .into(),
        ));
        for rows in 30..45 {
            p.blocks[1] = long_table(rows).blocks[1].clone();

            let pages = layout(&p).unwrap();

            let last = pages.last().unwrap();
            for line in ["Ведущий ____", "Дата ____"] {
                assert!(
                    last.runs.iter().any(|r| r.text == line),
                    "{rows} rows: {line} not on the last page"
                );
            }
        }
    }

    #[test]
    fn every_page_says_its_number_and_how_many_there_are() {
        let pages = layout(&long_table(120)).unwrap();

        let count = pages.len();
        for (i, page) in pages.iter().enumerate() {
            let footer = format!("стр. {} из {count}", i + 1);
            assert!(page.runs.iter().any(|r| r.text == footer), "{footer}");
        }
    }

    /// A long table, then question 7 with its cards: together, or not.
    fn question_after(rows: usize, together: bool) -> Protocol {
        let mut p = long_table(rows);
        let mut question = Protocol::new("");
        question.heading(Level::Minor, "Вопрос 7");
        question.text("Авторский ответ: Нева.");
        let mut cards = Table::new(&[("Ответ", 1.0), ("Команды", 1.0)]);
        for i in 0..8 {
            cards.row(vec![format!("Ответ {i}"), "Альфа".to_owned()]);
        }
        question.table(cards);
        if together {
            p.blocks.push(Block::Together(question.blocks));
        } else {
            p.blocks.extend(question.blocks);
        }
        p
    }

    /// Whether question 7's heading and its last card are on one page.
    fn on_one_page(p: &Protocol) -> bool {
        let pages = layout(p).unwrap();
        let page_of = |text: &str| {
            pages
                .iter()
                .position(|p| p.runs.iter().any(|r| r.text == text))
        };
        page_of("Вопрос 7") == page_of("Ответ 7")
    }

    #[test]
    fn a_question_with_its_cards_starts_a_new_page_rather_than_split() {
        // Somewhere in this range the question falls on a page's end…
        assert!((20..70).any(|rows| !on_one_page(&question_after(rows, false))));
        // …and kept together it moves to the next page whole.
        for rows in 20..70 {
            assert!(on_one_page(&question_after(rows, true)), "{rows} rows");
        }
    }
}
