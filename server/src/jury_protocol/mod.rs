//! The jury's protocol of an event (`minuta-server export --format pdf`):
//! the text model (`minuta_shared::jury_protocol`) built from the replayed
//! store in Russian (the jury's language), each game's section by its
//! format, and rendered on A4 pages by [`render`]. The model is where the
//! protocol's content lives and is tested; the renderer only places it.
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
pub(crate) mod pdf_file;
pub mod render;

pub use build::build;
pub use minuta_shared::jury_protocol::{Block, Level, Protocol, Table};
pub use render::{RenderError, render};
