//! The client's tests in one binary: its screens drawn headless by
//! egui_kittest, a module per subject. One binary links once and keeps
//! the target folder gigabytes smaller than a binary per file.
// A test panics on what it did not expect, helpers included.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

mod brain_ring;
mod chgk_drafts;
mod chgk_jury;
mod codes_on_paper;
mod demo;
mod erudit;
mod failures;
mod file_picker;
mod fonts;
mod hall;
mod hall_of_thousands;
mod host_files;
mod join;
mod judging;
mod media;
mod multigames;
mod neptune;
mod own_game;
mod phone;
mod pinning;
mod prize_ties;
mod programme;
mod screens;
mod team_import;
mod views;
