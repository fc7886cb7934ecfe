//! The server's tests in one binary: its command line, its store, its
//! exports and the rating site's files, a module per subject. One binary
//! links once and keeps the target folder gigabytes smaller than a binary
//! per file; `export_read_only` stays apart (libtest-mimic ignores it
//! where this process may not mount).
// A test panics on what it did not expect, helpers included.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

mod brain_ring_restart;
mod demo_cli;
mod demo_erudit;
mod demo_festival;
mod demo_neptune;
mod demo_people;
mod export_codes;
mod export_games;
mod export_pdf;
mod export_rating;
mod export_ring;
mod package_cli;
mod rating_site;
mod score_cli;
mod server_messages;
mod start_cli;
mod store;
mod store_refusals;
mod version;
