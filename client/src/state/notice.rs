//! Short messages for the person at the terminal (toasts). Kept typed, so a
//! language switch re-renders them.

use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::{CommandError, Receipt};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoticeKind {
    Info,
    Error,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Notice {
    Done { command: Box<Command>, receipt: Receipt },
    Failed { command: Box<Command>, error: CommandError },
    Lost(Box<Command>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Toast {
    pub id: u64,
    pub kind: NoticeKind,
    pub notice: Notice,
}
