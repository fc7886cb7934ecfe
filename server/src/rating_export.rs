//! `minuta-server export --format rating`: the event's ChGK results in the
//! shape the rating site (rating.chgk.info) gives a tournament's results
//! (`/tournaments/{id}/results.json` with team members, masks and
//! controversials): per team its site id, name and town, the mask, the
//! questions taken, the position, the roster and its appeals.
//! docs/running-a-game.md, «Rating-site export», lists every field.

use std::collections::BTreeMap;

use minuta_shared::export::WholeOrHalf;
use minuta_shared::export::rating::{
    RatingAppeal, RatingMember, RatingPlayer, RatingResult, RatingResults, RatingTeam, RatingTown,
    TypedPlayer,
};
use minuta_shared::ids::QuestionId;
use minuta_shared::play::chgk::{AppealKind, ChgkGame, GameQuestion};
use minuta_shared::roster::{PlayerFlag, SitePlayer, site_player};
use minuta_shared::tournament::Place;

use crate::core::Core;
use minuta_shared::export::pretty;

/// The results as the host's final standings give them: every played
/// question counts, as judged (3; 4.3).
pub fn to_rating(core: &Core) -> String {
    let fallback = ChgkGame::default();
    let chgk = core.event_chgk().unwrap_or(&fallback);
    // The site's mask runs over the questions in play order, tour by tour;
    // a question never played is not in it.
    let tours: Vec<Vec<&GameQuestion>> = chgk
        .tours
        .iter()
        .map(|t| {
            t.questions
                .iter()
                .filter_map(|q| chgk.question(*q).ok())
                .filter(|q| q.played())
                .collect()
        })
        .collect();
    let position: BTreeMap<QuestionId, usize> = tours
        .iter()
        .flatten()
        .enumerate()
        .map(|(i, q)| (q.id, i + 1))
        .collect();
    let registry = core.registry();
    let results = chgk
        .staff_standings(core.roster())
        .into_iter()
        .map(|row| {
            let record = registry.teams.get(&row.team);
            let by_tour: Vec<String> = tours
                .iter()
                .map(|t| t.iter().map(|q| chgk.mask_char(q, row.team)).collect())
                .collect();
            let appeals = |kind: AppealKind| -> Vec<RatingAppeal> {
                chgk.appeals
                    .iter()
                    .filter(|a| a.team == row.team && a.kind == kind)
                    .map(|a| {
                        let question = chgk.question(a.question).ok();
                        // The answer as the team wrote it: the site takes
                        // it with the спорный (its mask has `?` until the
                        // decision).
                        let card = question.and_then(|q| q.cards.get(&row.team));
                        let (status, reply) = match &a.resolution {
                            None => ("N", ""),
                            Some((true, reply, _)) => ("A", reply.as_str()),
                            Some((false, reply, _)) => ("D", reply.as_str()),
                        };
                        RatingAppeal {
                            question_number: position.get(&a.question).copied(),
                            number: question.map(|q| q.number.clone()),
                            answer: card.map(|c| c.text.clone()),
                            appeal: a.text.clone(),
                            status: status.to_owned(),
                            comment: reply.to_owned(),
                        }
                    })
                    .collect()
            };
            RatingResult {
                team: RatingTeam {
                    id: record.and_then(|t| t.rating_id),
                    name: row.name,
                    town: RatingTown { name: row.town },
                },
                mask: by_tour.concat(),
                mask_by_tour: by_tour,
                questions_total: row.points,
                position: position_number(row.place),
                place: row.place.to_string(),
                team_members: record.map_or_else(Vec::new, |t| {
                    t.players
                        .iter()
                        .enumerate()
                        .map(|(place, p)| member(p, site_player(&t.site_players, place)))
                        .collect()
                }),
                controversials: appeals(AppealKind::AcceptMyAnswer),
                appeals: appeals(AppealKind::WithdrawQuestion),
            }
        })
        .collect();
    pretty(&RatingResults {
        tournament: registry.tournament.clone(),
        question_qty: tours.iter().map(Vec::len).collect(),
        results,
    })
}

/// A roster entry: the name as entered, and — from an imported roster —
/// the player's own record: the site's id, surname, name, patronymic and
/// К/Б/Л flag.
fn member(shown: &str, site: Option<&SitePlayer>) -> RatingMember {
    match site {
        Some(site) => RatingMember::Site {
            flag: site.flag.map(|f| PlayerFlag::letter(f).to_owned()),
            player: RatingPlayer {
                id: site.id,
                surname: site.surname.clone(),
                name: site.name.clone(),
                patronymic: site.patronymic.clone(),
            },
        },
        None => RatingMember::Typed {
            player: TypedPlayer {
                name: shown.to_owned(),
            },
        },
    }
}

/// The site's position: a shared place is the mean of the places shared
/// (2–3 is 2.5, 2–4 is 3), a whole number when it is one.
fn position_number(place: Place) -> WholeOrHalf {
    WholeOrHalf::from_halves(u64::from(place.first) + u64::from(place.last))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shared_place_is_the_mean_of_the_places_shared() {
        let place = |first, last| position_number(Place { first, last });
        assert_eq!(place(1, 1), WholeOrHalf::Whole(1));
        assert_eq!(place(2, 3), WholeOrHalf::Half(2.5));
        assert_eq!(place(2, 4), WholeOrHalf::Whole(3));
    }
}
