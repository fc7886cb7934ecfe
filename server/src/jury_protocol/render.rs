//! The protocol on A4 pages: a small layout of its own (greedy word wrap by
//! the embedded font's advances, tables whose cells wrap in their columns
//! and whose header repeats on every page, headings kept with what follows,
//! the signatures kept on one page, «стр. N из M» at the foot), then the PDF
//! through [`super::pdf_file`]. There is no bold face in the repo:
//! headings are filled *and* stroked with a thin line, which every viewer
//! and printer shows as bold for the price of no second font.

use super::pdf_file::{Font, wrap, write_pdf};
pub use super::pdf_file::{PAGE_HEIGHT, PAGE_WIDTH, Page, RenderError, Rule, Run};
use super::{Block, Level, Protocol, Table};

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
