//! Answer normalisation: the grouping key that lets judges rule once on all
//! cards that say the same thing («Братья Гримм!», `братья   гримм` and
//! `"Братья ГРИММ."` are one group).

/// The grouping key of an answer card.
///
/// - letters are lower-cased (any script) and `ё` counts as `е`;
/// - stress marks and other diacritics are dropped, so «Мида́с» groups with
///   «Мидас» and «Café» with «Cafe»; letters of their own stay distinct
///   (`й` ≠ `и`, `ß`, `ø`);
/// - apostrophes vanish («Д’Артаньян» = «Дартаньян»), because they sit
///   inside words and teams type them in every style or not at all;
/// - every other non-letter, non-digit character — quotes of all kinds,
///   punctuation, dashes and hyphens, symbols, any whitespace — separates
///   words, so «К-9» = «к 9»;
/// - words are joined by single spaces with none at either end.
///
/// The key is idempotent: normalising a key gives the same key.
pub fn normalise_answer(answer: &str) -> String {
    let mut key = String::with_capacity(answer.len());
    // A separator is only written once the next word starts, which collapses
    // runs of separators and drops them at both ends.
    let mut separated = false;
    for c in answer.chars().flat_map(char::to_lowercase) {
        if is_combining_mark(c) {
            if !separated {
                compose(&mut key, c);
            }
            continue;
        }
        if is_invisible(c) || is_apostrophe(c) {
            continue;
        }
        let c = fold_letter(c);
        if is_word_sign(c) {
            // A virama or tone mark belongs to the letter before it; alone
            // after a separator it spells nothing.
            if !separated && !key.is_empty() {
                key.push(c);
            }
            continue;
        }
        if c.is_alphanumeric() {
            if separated && !key.is_empty() {
                key.push(' ');
            }
            separated = false;
            key.push(c);
        } else {
            separated = true;
        }
    }
    key
}

/// Combining diacritics (stress marks «а́», decomposed «é», «ё» typed as
/// «е» + U+0308). Scripts whose vowel signs are combining characters
/// (Devanagari …) are not in these blocks, so their letters survive.
fn is_combining_mark(c: char) -> bool {
    matches!(c,
        '\u{0300}'..='\u{036F}'   // Combining Diacritical Marks
        | '\u{0483}'..='\u{0489}' // Cyrillic titlo and friends
        | '\u{0591}'..='\u{05AF}' // Hebrew cantillation
        | '\u{1AB0}'..='\u{1AFF}' // Combining Diacritical Marks Extended
        | '\u{1DC0}'..='\u{1DFF}' // Combining Diacritical Marks Supplement
        | '\u{20D0}'..='\u{20FF}' // Combining Marks for Symbols
        | '\u{FE20}'..='\u{FE2F}' // Combining Half Marks
    )
}

/// Signs inside words of Indic and South-East Asian scripts (virama, nukta,
/// tone marks) that Unicode does not count as letters: «हिन्दी» must stay one
/// word. The scripts' own punctuation (danda …) still separates.
fn is_word_sign(c: char) -> bool {
    let in_script = matches!(c,
        '\u{0900}'..='\u{0DFF}'   // Devanagari … Sinhala
        | '\u{0E00}'..='\u{0EFF}' // Thai, Lao
        | '\u{1000}'..='\u{109F}' // Myanmar
        | '\u{1780}'..='\u{17FF}' // Khmer
    );
    let punctuation = matches!(c,
        '\u{0964}' | '\u{0965}' | '\u{0970}' | '\u{0DF4}' | '\u{0E3F}' | '\u{0E4F}' | '\u{0E5A}' | '\u{0E5B}'
        | '\u{104A}'..='\u{104F}' | '\u{17D4}'..='\u{17DB}'
    );
    in_script && !punctuation && !c.is_alphanumeric()
}

/// A decomposed letter whose mark makes it a letter of its own: «й» typed as
/// «и» + breve must not collapse into «и». Any other mark is dropped, which
/// for «е» + diaeresis gives the wanted «е».
fn compose(key: &mut String, mark: char) {
    let composed = match (key.chars().next_back(), mark) {
        (Some('и'), '\u{0306}') => 'й',
        (Some('у'), '\u{0306}') => 'ў',
        (Some('і'), '\u{0308}') => 'ї',
        _ => return,
    };
    key.pop();
    key.push(composed);
}

/// Characters that are invisible in the answer as typed and must not split
/// a word: soft hyphen, zero-width spaces and joiners, direction marks, BOM.
fn is_invisible(c: char) -> bool {
    matches!(c, '\u{00AD}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2064}' | '\u{FEFF}')
}

/// Apostrophes and the single quotes typed in their place.
fn is_apostrophe(c: char) -> bool {
    matches!(
        c,
        '\'' | '’' | '‘' | 'ʼ' | 'ʻ' | '‛' | '`' | '´' | '′' | 'ʹ' | '＇'
    )
}

/// Lower-case letters folded to the letter judges treat them as. Covers the
/// precomposed forms of what [`is_combining_mark`] drops from decomposed
/// text, so NFC and NFD input (macOS pastes NFD) give the same key.
fn fold_letter(c: char) -> char {
    match c {
        'ё' | 'ѐ' => 'е',
        'ѝ' => 'и',
        'ς' => 'σ',
        'ά' => 'α',
        'έ' => 'ε',
        'ή' => 'η',
        'ί' | 'ϊ' | 'ΐ' => 'ι',
        'ό' => 'ο',
        'ύ' | 'ϋ' | 'ΰ' => 'υ',
        'ώ' => 'ω',
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' | 'ă' | 'ą' => 'a',
        'ç' | 'ć' | 'ĉ' | 'ċ' | 'č' => 'c',
        'ď' => 'd',
        'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ĕ' | 'ė' | 'ę' | 'ě' => 'e',
        'ĝ' | 'ğ' | 'ġ' | 'ģ' => 'g',
        'ĥ' => 'h',
        'ì' | 'í' | 'î' | 'ï' | 'ĩ' | 'ī' | 'ĭ' | 'į' => 'i',
        'ĵ' => 'j',
        'ķ' => 'k',
        'ĺ' | 'ļ' | 'ľ' => 'l',
        'ñ' | 'ń' | 'ņ' | 'ň' => 'n',
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ō' | 'ŏ' | 'ő' => 'o',
        'ŕ' | 'ŗ' | 'ř' => 'r',
        'ś' | 'ŝ' | 'ş' | 'š' => 's',
        'ţ' | 'ť' => 't',
        'ù' | 'ú' | 'û' | 'ü' | 'ũ' | 'ū' | 'ŭ' | 'ů' | 'ű' | 'ų' => 'u',
        'ŵ' => 'w',
        'ý' | 'ÿ' | 'ŷ' => 'y',
        'ź' | 'ż' | 'ž' => 'z',
        c => c,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn text_same_answer_written_differently_shares_a_key() {
        let groups: &[(&str, &[&str])] = &[
            (
                "братья гримм",
                &[
                    "«Братья Гримм!»",
                    "братья   гримм",
                    "\"Братья ГРИММ.\"",
                    "  Братья\tГримм\n",
                    "БРАТЬЯ\u{a0}ГРИММ...",
                ],
            ),
            ("еж", &["ёж", "еж", "ЁЖ", "Ёж", "е\u{308}ж"]),
            (
                "шинель гоголя",
                &[
                    "«Шинель» Гоголя",
                    "„Шинель“ Гоголя",
                    "“Шинель” гоголя",
                    "‹Шинель› Гоголя",
                    "‚Шинель‘ Гоголя",
                    "'Шинель' Гоголя",
                    "«Шинель», Гоголя.",
                ],
            ),
            (
                "к 9",
                &["«К-9»", "к 9", "К—9", "К–9", "к ‑ 9", "К/9", "к_9"],
            ),
            (
                "почему бы и нет",
                &[
                    "«почему бы и нет?».",
                    "Почему бы и нет!!!",
                    "почему-бы-и-нет",
                ],
            ),
            ("мидас", &["Мида́с", "МИДА́С", "Мидас", "Мида\u{300}с"]),
            (
                "дартаньян",
                &["Д’Артаньян", "д'Артаньян", "Д`АРТАНЬЯН", "дартаньян"],
            ),
            (
                "perche no",
                &["«perché no?»", "Perche no", "perche\u{301} no"],
            ),
            ("йод", &["йод", "ЙОД", "и\u{306}од", "И\u{306}од"]),
            (
                "1971 год",
                &["1971 год", "1971  год", "(1971) ГОД", "1971, год"],
            ),
            (
                "братья",
                &["бра\u{ad}тья", "бра\u{200b}тья", "\u{feff}братья"],
            ),
        ];
        for (key, answers) in groups {
            for answer in *answers {
                assert_eq!(normalise_answer(answer), *key, "{answer:?}");
            }
        }
    }

    #[test]
    fn text_different_answers_keep_different_keys() {
        let pairs = [
            ("йод", "иод"),
            ("мо", "мо 2"),
            ("клод моне", "мане"),
            ("1", "2"),
            ("straße", "strase"),
            ("øre", "ore"),
        ];
        for (a, b) in pairs {
            assert_ne!(normalise_answer(a), normalise_answer(b), "{a} vs {b}");
        }
    }

    #[test]
    fn text_letters_and_digits_of_any_script_survive() {
        assert_eq!(normalise_answer("ΣΊΣΥΦΟΣ"), "σισυφοσ");
        assert_eq!(normalise_answer("σίσυφος"), "σισυφοσ");
        assert_eq!(normalise_answer("北京，上海。"), "北京 上海");
        assert_eq!(normalise_answer("مرحبا!"), "مرحبا");
        assert_eq!(normalise_answer("हिन्दी।"), "हिन्दी");
        assert_eq!(normalise_answer("ภาษาไทย"), "ภาษาไทย");
        assert_eq!(normalise_answer("Ⅻ ²"), "ⅻ ²");
        assert_eq!(normalise_answer("ІЇ ЎҐ"), "ії ўґ");
        assert_eq!(normalise_answer("İstanbul"), "istanbul");
    }

    #[test]
    fn text_nothing_left_is_empty() {
        for answer in ["", "   ", "!!!", "«»", "— … —", "\u{301}", "''"] {
            assert_eq!(normalise_answer(answer), "", "{answer:?}");
        }
    }

    proptest! {
        #[test]
        fn text_normalise_is_idempotent(answer in any::<String>()) {
            let key = normalise_answer(&answer);
            prop_assert_eq!(normalise_answer(&key), key);
        }

        #[test]
        fn text_normalise_is_idempotent_on_cyrillic_with_marks(
            answer in "[ёЁйЙиИеЕуУіІ\u{300}\u{301}\u{306}\u{308}«»„“'’ .,!?-]{0,24}"
        ) {
            let key = normalise_answer(&answer);
            prop_assert_eq!(normalise_answer(&key), key);
        }

        #[test]
        fn text_key_has_single_inner_spaces_only(answer in any::<String>()) {
            let key = normalise_answer(&answer);
            prop_assert!(!key.starts_with(' ') && !key.ends_with(' ') && !key.contains("  "));
            prop_assert!(key.chars().all(|c| c == ' ' || c.is_alphanumeric() || is_word_sign(c)));
        }

        #[test]
        fn text_surrounding_quotes_and_punctuation_do_not_matter(answer in any::<String>()) {
            let key = normalise_answer(&answer);
            prop_assert_eq!(normalise_answer(&format!("«{answer}»")), key.clone());
            prop_assert_eq!(normalise_answer(&format!("  \"{answer}\"!? ")), key);
        }
    }
}
