//! Players as people, not names: a team's site records ([`SitePlayer`])
//! stand one per player, in the order of its names, so two namesakes stay
//! two players; the names screens show tell namesakes apart by the
//! patronymic's initial; an edit of the names by hand keeps each player's
//! record where it can be matched without guessing (docs/rules.md, «0.2
//! and 3»).

use std::collections::HashMap;

use super::SitePlayer;

/// The names a team's players are shown by, one per player in order:
/// «Фамилия Имя», and for namesakes in the team the patronymic's initial
/// («Семёнов Борис С.» / «Семёнов Борис И.»); when the initials do not
/// tell them apart, the whole patronymic; when nothing does, the site id
/// (or the place among the namesakes).
pub fn shown_names(players: &[SitePlayer]) -> Vec<String> {
    let base: Vec<String> = players.iter().map(SitePlayer::shown).collect();
    let mut groups: HashMap<String, Vec<usize>> = HashMap::new();
    for (i, name) in base.iter().enumerate() {
        groups.entry(name.to_lowercase()).or_default().push(i);
    }
    let mut shown = base.clone();
    for members in groups.values().filter(|m| m.len() > 1) {
        let at_level = |level: u8| -> Vec<String> {
            members
                .iter()
                .enumerate()
                .map(|(n, &i)| namesake(&base[i], &players[i], level, n))
                .collect()
        };
        let names = (1..=3)
            .map(at_level)
            .find(|names| all_differ(names))
            .unwrap_or_else(|| at_level(3));
        for (&i, name) in members.iter().zip(names) {
            shown[i] = name;
        }
    }
    shown
}

/// A namesake's name at `level`: 1 the patronymic's initial, 2 the whole
/// patronymic, 3 that and the site id (or its place `n` among them).
fn namesake(base: &str, player: &SitePlayer, level: u8, n: usize) -> String {
    let patronymic = player.patronymic.trim();
    let with = |tail: &str| {
        if tail.is_empty() {
            base.to_owned()
        } else {
            format!("{base} {tail}")
        }
    };
    match level {
        1 => with(&initial(patronymic)),
        2 => with(patronymic),
        _ => {
            let mark = player
                .id
                .map_or_else(|| format!("({})", n + 1), |id| format!("({id})"));
            format!("{} {mark}", with(patronymic))
        }
    }
}

/// «С.» of «Сергеевич»; nothing of nothing.
fn initial(patronymic: &str) -> String {
    patronymic
        .chars()
        .next()
        .map(|c| format!("{}.", c.to_uppercase()))
        .unwrap_or_default()
}

fn all_differ(names: &[String]) -> bool {
    let mut seen: Vec<String> = Vec::with_capacity(names.len());
    for name in names {
        let name = name.to_lowercase();
        if seen.contains(&name) {
            return false;
        }
        seen.push(name);
    }
    true
}

/// Records beyond a name, or none: a team whose players are all known by
/// their names alone keeps no records (its names stay as typed).
pub fn records_or_none(records: Vec<SitePlayer>) -> Vec<SitePlayer> {
    if records.iter().all(SitePlayer::is_plain) {
        Vec::new()
    } else {
        records
    }
}

/// Each new name's place among the old names, when it is one of them:
/// equal names (trimmed) in order, each old place taken once, so two
/// namesakes with one name (a store from before namesakes were told
/// apart) stay two.
fn same_names(old: &[String], new: &[String]) -> Vec<Option<usize>> {
    let mut taken = vec![false; old.len()];
    new.iter()
        .map(|name| {
            let i = (0..old.len()).find(|&i| !taken[i] && old[i].trim() == name.trim())?;
            taken[i] = true;
            Some(i)
        })
        .collect()
}

/// The records a team keeps when its names become `new` with nothing
/// else said (a stored edit, a plain spreadsheet over a site's team): the
/// record of each name still there; a new name is known by its name
/// alone. `old_records` empty: none.
pub fn records_kept(old: &[String], old_records: &[SitePlayer], new: &[String]) -> Vec<SitePlayer> {
    if old_records.is_empty() {
        return Vec::new();
    }
    let places = same_names(old, new);
    records_or_none(
        new.iter()
            .zip(places)
            .map(
                |(name, place)| match place.and_then(|i| old_records.get(i)) {
                    Some(record) => record.clone(),
                    None => SitePlayer::from_shown(name),
                },
            )
            .collect(),
    )
}

/// The records a team keeps after the host edited its names by hand: as
/// [`records_kept`], and a name changed in place keeps its player's record
/// (site id, patronymic, flag; the surname and name as now typed) when
/// that is unambiguous: between two names left as they were (or the
/// list's ends), as many names changed as disappeared, paired in their
/// order. Elsewhere — a player added or taken off there, the names put in
/// another order — the pairing would be a guess, and a changed name is
/// known by its name alone.
pub fn records_after_edit(
    old: &[String],
    old_records: &[SitePlayer],
    new: &[String],
) -> Vec<SitePlayer> {
    if old_records.is_empty() {
        return Vec::new();
    }
    let mut places = same_names(old, new);
    // The names left as they were, (new place, old place), in new order.
    let anchors: Vec<(usize, usize)> = places
        .iter()
        .enumerate()
        .filter_map(|(j, place)| place.map(|i| (j, i)))
        .collect();
    let mut renamed = Vec::new();
    if anchors.windows(2).all(|w| w[0].1 < w[1].1) {
        for k in 0..=anchors.len() {
            let (new_from, old_from) = match k.checked_sub(1).and_then(|k| anchors.get(k)) {
                Some(&(j, i)) => (j + 1, i + 1),
                None => (0, 0),
            };
            let (new_to, old_to) = anchors.get(k).copied().unwrap_or((new.len(), old.len()));
            if new_to - new_from == old_to - old_from {
                for (j, i) in (new_from..new_to).zip(old_from..old_to) {
                    places[j] = Some(i);
                    renamed.push(j);
                }
            }
        }
    }
    records_or_none(
        new.iter()
            .enumerate()
            .map(
                |(j, name)| match places[j].and_then(|i| old_records.get(i)) {
                    Some(record) if renamed.contains(&j) => record.renamed(name),
                    Some(record) => record.clone(),
                    None => SitePlayer::from_shown(name),
                },
            )
            .collect(),
    )
}

/// A store from before players were people kept the site's records of
/// those known beyond a name only, found by their shown names: here each
/// name takes the first record of its name not taken yet.
pub fn records_of_names(names: &[String], records: &[SitePlayer]) -> Vec<SitePlayer> {
    let mut taken = vec![false; records.len()];
    records_or_none(
        names
            .iter()
            .map(|name| {
                let found =
                    (0..records.len()).find(|&i| !taken[i] && records[i].shown() == name.trim());
                match found {
                    Some(i) => {
                        taken[i] = true;
                        records[i].clone()
                    }
                    None => SitePlayer::from_shown(name),
                }
            })
            .collect(),
    )
}

impl SitePlayer {
    /// This player's record under a name typed by hand: the words as the
    /// surname and name (a namesake's initial or patronymic at the end,
    /// as screens show it, dropped); the site id, patronymic and flag kept.
    pub fn renamed(&self, typed: &str) -> SitePlayer {
        let mut words: Vec<&str> = typed.split_whitespace().collect();
        let patronymic = self.patronymic.trim();
        let tail_is_ours = |w: &str| {
            !patronymic.is_empty()
                && (w.to_lowercase() == patronymic.to_lowercase()
                    || w.to_lowercase() == initial(patronymic).to_lowercase())
        };
        if words.len() > 2 && words.last().is_some_and(|w| tail_is_ours(w)) {
            words.pop();
        }
        let split = SitePlayer::from_shown(&words.join(" "));
        SitePlayer {
            surname: split.surname,
            name: split.name,
            ..self.clone()
        }
    }
}
