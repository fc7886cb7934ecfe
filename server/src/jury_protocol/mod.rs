//! The jury's protocol of an event (`minuta-server export --format pdf`): a
//! text model of headings, paragraphs, tables and signature lines, built from
//! the replayed store in Russian (the jury's language), and rendered on A4
//! pages by [`render`]. The model is where the protocol's content lives and
//! is tested; the renderer only places it.
//!
//! What it holds: the title block (tournament, the date the store began,
//! teams), the teams with their rosters, then every game of the programme in
//! use in the programme's order — ChGK (standings; per tour every question
//! with the author's answer and every card grouped by answer with its
//! verdict; appeals), Мультиигры (standings; tasks, answers and credit;
//! appeals), Brain-ring (stage, places, table; every fight with its score,
//! per question the press log; appeals), Эрудит-квартет, Нептун (the table
//! by contest; every question and who took it; the splits, the Джокер
//! declarations and every auction bid in arrival order) — and the
//! signature block.
//!
//! Times are UTC: the store keeps server time since the Unix epoch and the
//! server keeps no time zone; the protocol says «UTC» where it prints one.

mod build;
mod erudit;
mod neptune;
pub(crate) mod pdf_file;
pub mod render;

pub use build::build;
pub use render::{RenderError, render};

/// A heading's rank: the protocol's title, a game, a part of a game (a tour,
/// the standings, the appeals), a question or a fight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Title,
    Section,
    Sub,
    Minor,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Column {
    pub title: String,
    /// The column's share of the table's width, relative to the others.
    pub share: f32,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    pub columns: Vec<Column>,
    pub rows: Vec<Vec<String>>,
}

impl Table {
    /// A table of `(title, share)` columns.
    pub fn new(columns: &[(&str, f32)]) -> Table {
        Table {
            columns: columns
                .iter()
                .map(|(title, share)| Column {
                    title: (*title).to_owned(),
                    share: *share,
                })
                .collect(),
            rows: Vec::new(),
        }
    }

    pub fn row(&mut self, cells: Vec<String>) {
        self.rows.push(cells);
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Block {
    Heading {
        level: Level,
        text: String,
    },
    /// A paragraph; `\n` breaks a line.
    Text(String),
    Table(Table),
    /// The lines the jury signs on, kept together on one page.
    Signatures(Vec<String>),
    /// Blocks kept on one page when they fit one: a question with its
    /// cards, a task with its answers, a Brain-ring question with its presses.
    Together(Vec<Block>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Protocol {
    /// In every page's footer.
    pub title: String,
    pub blocks: Vec<Block>,
}

impl Protocol {
    pub fn new(title: impl Into<String>) -> Protocol {
        Protocol {
            title: title.into(),
            blocks: Vec::new(),
        }
    }

    pub fn heading(&mut self, level: Level, text: impl Into<String>) {
        self.blocks.push(Block::Heading {
            level,
            text: text.into(),
        });
    }

    pub fn text(&mut self, text: impl Into<String>) {
        self.blocks.push(Block::Text(text.into()));
    }

    pub fn table(&mut self, table: Table) {
        self.blocks.push(Block::Table(table));
    }

    /// Runs `fill` on a protocol of its own and adds what it wrote as one
    /// [`Block::Together`].
    pub fn together(&mut self, fill: impl FnOnce(&mut Protocol)) {
        let mut part = Protocol::new(String::new());
        fill(&mut part);
        self.blocks.push(Block::Together(part.blocks));
    }

    /// The protocol as plain text, one line per heading, paragraph, table
    /// row (cells joined by « | ») and signature line: what it says, without
    /// where it says it.
    pub fn plain_text(&self) -> String {
        let mut out = String::new();
        plain(&self.blocks, &mut out);
        out
    }
}

fn plain(blocks: &[Block], out: &mut String) {
    let line = |out: &mut String, s: &str| {
        out.push_str(s);
        out.push('\n');
    };
    for block in blocks {
        match block {
            Block::Heading { text, .. } | Block::Text(text) => line(out, text),
            Block::Table(table) => {
                let titles: Vec<&str> = table.columns.iter().map(|c| c.title.as_str()).collect();
                line(out, &titles.join(" | "));
                for row in &table.rows {
                    line(out, &row.join(" | "));
                }
            }
            Block::Signatures(lines) => lines.iter().for_each(|l| line(out, l)),
            Block::Together(blocks) => plain(blocks, out),
        }
    }
}

use minuta_shared::time::ServerTime;

/// `22:13:20.500000`, UTC, to the µs the server stamped.
pub fn time_of_day(t: ServerTime) -> String {
    let us = t.0 % 86_400_000_000;
    let secs = us / 1_000_000;
    format!(
        "{:02}:{:02}:{:02}.{:06}",
        secs / 3_600,
        (secs / 60) % 60,
        secs % 60,
        us % 1_000_000
    )
}
