//! The jury's printed protocol of an event as text: headings, paragraphs,
//! tables and signature lines, in Russian (the jury's language), with the
//! helpers several formats' sections share. The server builds the whole
//! protocol from a replayed store — the title block and the teams, then each
//! game's section, which its format writes
//! ([`crate::play::format::Results::protocol_section`]) — and renders it
//! on A4 pages. Nothing here places text on a page.
//!
//! Times are UTC: the store keeps server time since the Unix epoch and the
//! server keeps no time zone; the protocol says «UTC» where it prints one.

use crate::ids::TeamId;
use crate::play::roster::Roster;
use crate::time::ServerTime;

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

/// `+200,000 мс`: µs shown as ms with three decimals, signed.
pub fn millis(us: i64) -> String {
    let sign = if us < 0 { "−" } else { "+" };
    let us = us.unsigned_abs();
    format!("{sign}{},{:03} мс", us / 1_000, us % 1_000)
}

/// The UTC calendar day of µs since the Unix epoch: (year, month, day).
fn civil(t: ServerTime) -> (i64, u32, u32) {
    // Howard Hinnant's days-to-civil, for the proleptic Gregorian calendar.
    let days = (t.0 / 86_400_000_000) as i64 + 719_468;
    let era = days.div_euclid(146_097);
    let doe = days - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// `14.11.2023`, the UTC day.
pub fn date(t: ServerTime) -> String {
    let (year, month, day) = civil(t);
    format!("{day:02}.{month:02}.{year}")
}

/// `2023-11-14`, the UTC day, for file names (they sort by date).
pub fn iso_date(t: ServerTime) -> String {
    let (year, month, day) = civil(t);
    format!("{year}-{month:02}-{day:02}")
}

/// Teams of the event not in `present`, by name.
pub fn missing(roster: &Roster, present: impl Fn(TeamId) -> bool) -> Vec<String> {
    roster
        .teams
        .iter()
        .filter(|t| !present(t.id))
        .map(|t| t.name.clone())
        .collect()
}

pub fn appeals_table(subject: &str) -> Table {
    Table::new(&[
        ("№", 0.5),
        (subject, 1.4),
        ("Команда", 2.2),
        ("Апелляция", 4.5),
        ("Решение и ответ", 3.5),
    ])
}

/// «Принята. Ответ: …», «Отклонена», «Не рассмотрена»; `credited` what an
/// upheld appeal credited, as the hall reads it (Мультиигры).
pub fn decision(resolution: Option<(bool, &str)>, credited: Option<String>) -> String {
    match resolution {
        None => "Не рассмотрена".to_owned(),
        Some((upheld, reply)) => {
            let mut out = if upheld {
                "Принята"
            } else {
                "Отклонена"
            }
            .to_owned();
            if let Some(credited) = credited.filter(|_| upheld) {
                out.push_str(&format!(", зачтено {credited}"));
            }
            if !reply.trim().is_empty() {
                out.push_str(&format!(". Ответ: {reply}"));
            }
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_utc_days_as_russians_write_them() {
        assert_eq!(date(ServerTime(0)), "01.01.1970");
        // 2023-11-14 22:13:20 UTC.
        assert_eq!(date(ServerTime(1_700_000_000_000_000)), "14.11.2023");
        // 2024-02-29, a leap day.
        assert_eq!(date(ServerTime(1_709_164_800_000_000)), "29.02.2024");
        assert_eq!(date(ServerTime(1_709_251_199_999_999)), "29.02.2024");
    }

    #[test]
    fn press_times_keep_the_microseconds() {
        assert_eq!(
            time_of_day(ServerTime(1_700_000_000_500_001)),
            "22:13:20.500001"
        );
        assert_eq!(millis(100_000), "+100,000 мс");
        assert_eq!(millis(-600_000), "−600,000 мс");
        assert_eq!(millis(37_412), "+37,412 мс");
    }
}
