//! The one place the views read and build question contents, so the
//! package format's fields are named once.

use minuta_shared::packages::Question;

pub fn text(q: &Question) -> &str {
    &q.text
}

/// Everything the host reads out: the text, the handout and, for duplets
/// and blitz, each numbered sub-question.
pub fn full_text(q: &Question) -> String {
    let mut out = q.text.clone();
    if let Some(handout) = &q.handout {
        out.push_str(&format!("\n[{handout}]"));
    }
    for (i, part) in q.parts.iter().enumerate() {
        out.push_str(&format!("\n{}. {part}", i + 1));
    }
    out
}

pub fn answer(q: &Question) -> &str {
    &q.answer
}

pub fn accepted(q: &Question) -> Option<&str> {
    q.accepted.as_deref()
}

pub fn rejected(q: &Question) -> Option<&str> {
    q.rejected.as_deref()
}

pub fn comment(q: &Question) -> Option<&str> {
    q.comment.as_deref()
}

/// A question typed in by the host; empty optional fields are left out.
pub fn typed(text: &str, answer: &str, accepted: &str, rejected: &str, comment: &str) -> Question {
    let optional = |s: &str| Some(s.trim().to_owned()).filter(|s| !s.is_empty());
    Question {
        text: text.trim().to_owned(),
        answer: answer.trim().to_owned(),
        accepted: optional(accepted),
        rejected: optional(rejected),
        comment: optional(comment),
        ..Question::default()
    }
}

/// The first line of a text, cut to `chars` characters, for lists.
pub fn snippet(text: &str, chars: usize) -> String {
    let line = text.lines().next().unwrap_or_default();
    let mut out: String = line.chars().take(chars).collect();
    if line.chars().count() > chars || text.lines().nth(1).is_some() {
        out.push('…');
    }
    out
}
