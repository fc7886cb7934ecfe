//! The end-to-end tests in one binary: servers and terminals on the
//! virtual harness or over QUIC on 127.0.0.1, browsers and Wine, a module
//! per subject. One binary links once and keeps the target folder
//! gigabytes smaller than a binary per file; `discovery` stays apart
//! (libtest-mimic ignores it where no network namespace can be made).
// A test panics on what it did not expect, helpers included.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod authorization;
mod bad_network;
mod brain_ring;
mod brain_ring_rules;
mod brain_ring_tournament;
mod browser;
mod chgk_game;
mod chgk_host_slips;
mod chgk_jury;
mod chgk_rules;
mod disk_full;
mod door;
mod durability;
mod erudit_quartet;
mod festival;
mod fuzz;
mod host_files;
mod layout;
mod leakage;
mod link_lost;
mod media;
mod multigames;
mod neptune;
mod own_game;
mod rogue_server;
mod security;
mod slices;
mod view_patches;
mod web_terminal;
mod windows;
