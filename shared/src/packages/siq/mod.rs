//! The SIGame `.siq` importer: a zip archive (`archive`, with the bounds
//! that keep a zip bomb out) whose `content.xml` (`content`, SIGame 4 and 5
//! layouts) becomes a [`Package`] of rounds, themes and priced questions,
//! with notes (`notes`) for what Minuta does not play, and the pictures its
//! questions show (PNG and JPEG, within [`crate::packages::media`]'s
//! limits). No files here: bytes in, a package or one [`PackageError`] out.

mod archive;
mod content;
mod notes;

use super::PackageError;
use super::media::MediaShelf;
use super::question::Package;

/// Imports a SIGame package. `file_name` is only for the errors, which name
/// it; the bytes decide everything else.
pub fn parse_siq(file_name: &str, bytes: &[u8]) -> Result<Package, PackageError> {
    parse_within(file_name, bytes, archive::LIMITS, MediaShelf::default())
}

fn parse_within(
    file_name: &str,
    bytes: &[u8],
    limits: archive::Limits,
    images: MediaShelf,
) -> Result<Package, PackageError> {
    let archive = archive::open(file_name, bytes, limits, images)?;
    content::package(file_name, &archive)
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
pub(super) mod tests {
    use std::io::{Cursor, Write};

    use proptest::prelude::*;
    use zip::write::SimpleFileOptions;
    use zip::{CompressionMethod, ZipWriter};

    use super::*;
    use crate::packages::question::{Question, Tour};

    const PACK7: &[u8] = include_bytes!("../../../../server/tests/fixtures/packages/pack7-07.siq");
    const MEDIA: &[u8] =
        include_bytes!("../../../../server/tests/fixtures/packages/siq-media-test.siq");
    const V4: &[u8] = include_bytes!("../../../../server/tests/fixtures/packages/sigame-v4.siq");

    fn zip_with(entries: &[(&str, &[u8])], method: CompressionMethod) -> Vec<u8> {
        let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
        let options = SimpleFileOptions::default().compression_method(method);
        for (name, bytes) in entries {
            zip.start_file(*name, options).unwrap();
            zip.write_all(bytes).unwrap();
        }
        zip.finish().unwrap().into_inner()
    }

    /// A zip of `entries`, stored as they are.
    pub(crate) fn zip_of(entries: &[(&str, &[u8])]) -> Vec<u8> {
        zip_with(entries, CompressionMethod::Stored)
    }

    /// A zip of `entries`, deflated as SIGame writes them.
    pub(crate) fn deflated_zip_of(entries: &[(&str, &[u8])]) -> Vec<u8> {
        zip_with(entries, CompressionMethod::Deflated)
    }

    fn siq(xml: &str) -> Result<Package, PackageError> {
        parse_siq("t.siq", &zip_of(&[("content.xml", xml.as_bytes())]))
    }

    /// A SIGame 5 package of one round and one theme of `questions`.
    fn v5(attributes: &str, questions: &str) -> String {
        format!(
            r#"<?xml version="1.0" encoding="utf-8"?><package name="Т" version="5" {attributes} xmlns="https://github.com/VladimirKhil/SI/blob/master/assets/siq_5.xsd"><info><authors><author>Автор</author></authors></info><rounds><round name="Р"><themes><theme name="Тема"><questions>{questions}</questions></theme></themes></round></rounds></package>"#
        )
    }

    fn only(package: &Package) -> &Question {
        assert_eq!(package.question_count(), 1);
        package.questions().next().unwrap()
    }

    fn themes(tour: &Tour) -> Vec<(&str, usize)> {
        tour.themes
            .iter()
            .map(|theme| {
                let count = tour
                    .questions
                    .iter()
                    .filter(|q| q.theme.as_deref() == Some(theme.title.as_str()))
                    .count();
                (theme.title.as_str(), count)
            })
            .collect()
    }

    #[test]
    fn siq_pack7_rounds_become_tours_of_five_themes_of_five() {
        // Act
        let package = parse_siq("pack7-07.siq", PACK7).unwrap();

        // Assert
        assert_eq!(package.title.as_deref(), Some("7-07"));
        assert_eq!(
            package.editors.as_deref(),
            Some("Составитель: gray, Прочие - спросите у составителя :)")
        );
        let rounds: Vec<(&str, usize, usize)> = package
            .tours
            .iter()
            .map(|t| (t.title.as_str(), t.themes.len(), t.questions.len()))
            .collect();
        assert_eq!(
            rounds,
            [
                ("1-й раунд", 6, 30),
                ("2-й раунд", 6, 30),
                ("3-й раунд", 6, 30),
                ("ФИНАЛ", 7, 7)
            ]
        );
        assert_eq!(package.question_count(), 97);
        assert_eq!(themes(&package.tours[0])[0], ("…ДОН…", 5));
    }

    #[test]
    fn siq_prices_are_kept_and_values_go_by_place_10_to_50() {
        let package = parse_siq("pack7-07.siq", PACK7).unwrap();
        let don: Vec<(Option<u32>, Option<u32>)> = package.tours[0].questions[..5]
            .iter()
            .map(|q| (q.price, q.value))
            .collect();
        assert_eq!(
            don,
            [
                (Some(100), Some(10)),
                (Some(200), Some(20)),
                (Some(300), Some(30)),
                (Some(400), Some(40)),
                (Some(500), Some(50))
            ]
        );
        let first = &package.tours[0].questions[0];
        assert_eq!(
            first.text,
            "Именно по НЕЙ узнают прошлое и будущее хироманты"
        );
        assert_eq!(first.answer, "ЛаДОНь");
        assert_eq!(first.theme.as_deref(), Some("…ДОН…"));
        assert_eq!(first.number, None, "the game numbers them");
    }

    #[test]
    fn siq_more_right_answers_are_accepted_and_wrong_ones_rejected() {
        let package = parse_siq("pack7-07.siq", PACK7).unwrap();
        let tabakov = &package.tours[0].questions[5];
        assert_eq!(tabakov.answer, "Олег Табаков");
        assert_eq!(tabakov.accepted.as_deref(), Some("Табаков"));
        let brake = &package.tours[0].questions[10];
        assert_eq!(brake.answer, "Тормоз");
        assert_eq!(brake.accepted.as_deref(), Some("Держит поезд"));
        assert_eq!(brake.rejected.as_deref(), Some("Стопор; Упор"));
        let venus = &package.tours[0].questions[12];
        assert_eq!(venus.comment.as_deref(), Some("Венерин башмачок"));
    }

    #[test]
    fn siq_special_types_are_plain_questions_with_a_note_naming_the_type() {
        let package = parse_siq("pack7-07.siq", PACK7).unwrap();
        let secret = &package.tours[0].questions[7];
        assert_eq!(
            secret.text,
            "[Ведущему: в SIGame это «кот в мешке» (secret); тема «Ловись, рыбка...»; здесь — обычный вопрос.]\nИменно так называется хорда осетровых рыб в кулинарии"
        );
        assert_eq!(secret.answer, "Вязига");
        assert_eq!(secret.price, Some(300));
        let stake = &package.tours[0].questions[8];
        assert!(
            stake
                .text
                .starts_with("[Ведущему: в SIGame это вопрос-аукцион (stake); здесь"),
            "{}",
            stake.text
        );
        // The final round: one question a theme, SIGame's stakes noted.
        let last = package.tours[3].questions.last().unwrap();
        assert!(
            last.text
                .starts_with("[Ведущему: в SIGame это вопрос финального раунда (final)"),
            "{}",
            last.text
        );
        assert_eq!((last.price, last.value), (Some(0), Some(10)));
        let noted = package
            .questions()
            .filter(|q| q.text.starts_with("[Ведущему: в SIGame"))
            .count();
        // 6 secret and 6 stake questions, 7 in the final.
        assert_eq!(noted, 19);
    }

    #[test]
    fn siq_media_are_named_in_the_question_never_dropped() {
        let package = parse_siq("siq-media-test.siq", MEDIA).unwrap();
        assert_eq!(package.title.as_deref(), Some("test"));
        assert_eq!(package.date.as_deref(), Some("28.12.2018"));
        assert!(package.info.contains(&"Сложность: 6 из 10".to_owned()));
        assert!(
            package
                .info
                .contains(&"Теги: Общие знания (солянка)".to_owned())
        );
        let texts: Vec<&str> = package.questions().map(|q| q.text.as_str()).collect();
        assert_eq!(
            texts,
            [
                "[видео: videoplayback (8)_2 (1).mp4]",
                // The archive's copy is empty: no picture to show.
                "[изображение: [alliance]  King of Baking Kim Tak Goo E17-0-47-21-574.jpg] (на экран не выводится: не PNG и не JPEG)"
            ]
        );
        let prices: Vec<_> = package.questions().map(|q| (q.price, q.value)).collect();
        assert_eq!(prices, [(Some(1), Some(10)), (Some(1), Some(20))]);
    }

    #[test]
    fn siq_v4_layout_reads_atoms_types_and_linked_authors() {
        // Act
        let package = parse_siq("sigame-v4.siq", V4).unwrap();

        // Assert: the package.
        assert_eq!(package.title.as_deref(), Some("Классика SIGame 4"));
        assert_eq!(
            package.editors.as_deref(),
            Some("Иван Иванович Иванов (Казань, Россия)")
        );
        assert_eq!(
            package.info,
            [
                "Пакет SIGame (.siq), формат 4",
                "Издатель: Клуб «Эрудит»",
                "Сложность: 4 из 10",
                "Ограничение: 12+",
                "Теги: География, Музыка",
                "Логотип: [изображение: logo.png]",
                "Комментарий: Пакет для проверки импорта.",
                "Раунд «Первый раунд» — авторы: Пётр Сидоров",
            ]
        );
        let shape: Vec<_> = package.tours.iter().map(themes).collect();
        assert_eq!(
            shape,
            [vec![("Столицы", 5), ("Музыка", 2)], vec![("Литература", 1)]]
        );
        let capitals = &package.tours[0].themes[0];
        assert_eq!(
            capitals.authors.as_deref(),
            Some("Иван Иванович Иванов (Казань, Россия)")
        );
        assert_eq!(capitals.comment.as_deref(), Some("Тема о столицах"));

        // Assert: every field of a plain question.
        let q = &package.tours[0].questions;
        assert_eq!(
            q[0],
            Question {
                text: "Столица Франции?".into(),
                answer: "Париж".into(),
                accepted: Some("Paris".into()),
                rejected: Some("Лион; Марсель".into()),
                comment: Some("Проще некуда.".into()),
                sources: Some("Большая российская энциклопедия".into()),
                authors: Some("Анна Смирнова".into()),
                theme: Some("Столицы".into()),
                value: Some(10),
                price: Some(100),
                ..Question::default()
            }
        );
        // Special types, with their own theme and price.
        assert_eq!(
            q[1].text,
            "[Ведущему: в SIGame это «кот в мешке» (cat); тема «Реки»; цена 300; здесь — обычный вопрос.]\nСамая длинная река Европы?"
        );
        assert_eq!(
            q[2].text,
            "[Ведущему: в SIGame это вопрос-аукцион (auction); здесь — обычный вопрос.]\n[изображение: kremlin.jpg]\nВ каком городе эта крепость?"
        );
        // Atoms after the marker are shown with the answer.
        assert_eq!(
            q[2].comment.as_deref(),
            Some("Гимн звучит после ответа.\nС ответом: [аудио: anthem.mp3]")
        );
        assert!(q[3].text.contains("(bagcat); тема «Острова»; цена 0;"));
        assert!(
            q[3].text
                .ends_with("\n[видео: http://example.org/reykjavik.mp4]"),
            "an external link is named as written: {}",
            q[3].text
        );
        assert!(q[4].text.contains("вопрос без риска (sponsored)"));
        assert!(q[4].text.ends_with(
            "Последний вопрос темы.\nГород, в котором Пугачёв объявил себя Петром III?"
        ));
        assert_eq!(
            q[4].sources.as_deref(),
            Some("Пушкин А. С. История Пугачёва. Типография II отделения, СПб, 1834, с. 12")
        );
        // A media file the archive lacks is said to be missing.
        assert_eq!(
            q[5].text,
            "Чья это мелодия?\n[аудио: missing.mp3 — файла нет в архиве]"
        );
        assert_eq!((q[6].value, q[6].price), (Some(20), Some(200)));
        assert!(package.tours[1].questions[0].text.contains("(final)"));
    }

    #[test]
    fn siq_v5_answer_content_options_host_comments_and_global_links() {
        // Arrange
        let xml = r#"<package name="N" version="5"><global><Authors><Author id="g1"><Name>Ольга</Name><Surname>Котова</Surname></Author></Authors><Sources><Source id="s9"><Title>Вики</Title></Source></Sources></global><info><authors><author>@g1</author></authors></info><rounds><round name="R"><themes><theme name="T"><info><authors><author>@nobody</author></authors><sources><source>Словарь</source></sources></info><questions><question price="10" type="choice"><info><sources><source>@s9#стр. 3</source></sources><showmanComments>Читать медленно</showmanComments></info><params><param name="question" type="content"><item>Какая птица?</item><item type="image" isRef="True">bird.png</item></param><param name="answerType">select</param><param name="answerOptions" type="group"><param name="A" type="content"><item>Сова</item></param><param name="B" type="content"><item>Ворона</item></param></param><param name="answer" type="content"><item type="audio" isRef="True">owl.mp3</item></param></params><right><answer>A</answer></right></question></questions></theme></themes></round></rounds></package>"#;
        let zip = zip_of(&[
            ("content.xml", xml.as_bytes()),
            ("Images/bird.png", b"png"),
            ("Audio/owl.mp3", b"mp3"),
        ]);

        // Act
        let package = parse_siq("t.siq", &zip).unwrap();

        // Assert
        assert_eq!(package.editors.as_deref(), Some("Ольга Котова"));
        let theme = &package.tours[0].themes[0];
        assert_eq!(
            theme.authors.as_deref(),
            Some("@nobody"),
            "unknown links stay"
        );
        assert_eq!(theme.comment.as_deref(), Some("Источники: Словарь"));
        let q = only(&package);
        assert_eq!(
            q.text,
            "[Ведущему: в SIGame это вопрос с вариантами ответа (choice); здесь — обычный вопрос.]\n[Ведущему: Читать медленно]\nКакая птица?\n[изображение: bird.png] (на экран не выводится: не PNG и не JPEG)\nA) Сова\nB) Ворона"
        );
        assert_eq!(q.answer, "A) Сова");
        assert_eq!(q.comment.as_deref(), Some("С ответом: [аудио: owl.mp3]"));
        assert_eq!(q.sources.as_deref(), Some("Вики, стр. 3"));
    }

    /// A v5 question showing the picture `file` of the archive.
    fn picture_question(file: &str) -> String {
        format!(
            r#"<question price="100"><params><param name="question" type="content"><item>Что это?</item><item type="image" isRef="True">{file}</item></param></params><right><answer>Это</answer></right></question>"#
        )
    }

    /// `zip` read with pictures limited to `image` bytes each and `package`
    /// bytes in all.
    fn parse_with_picture_limits(zip: &[u8], image: u64, package: u64) -> Package {
        let limits = crate::packages::media::MediaLimits { image, package };
        parse_within(
            "t.siq",
            zip,
            archive::LIMITS,
            MediaShelf::with_limits(limits),
        )
        .unwrap()
    }

    #[test]
    fn siq_pictures_are_kept_by_hash_and_refused_ones_say_why() {
        // Arrange: a PNG, the same PNG under a second name, a GIF and a
        // picture past a tight limit.
        let png = b"\x89PNG\r\n\x1a\na small picture".to_vec();
        let big = [png.as_slice(), &[0u8; 100]].concat();
        let xml = v5(
            "",
            &["a.png", "b%20c.png", "anim.gif", "big.png"]
                .map(picture_question)
                .concat(),
        );
        let zip = zip_of(&[
            ("content.xml", xml.as_bytes()),
            ("Images/a.png", &png),
            ("Images/b%20c.png", &png),
            ("Images/anim.gif", b"GIF89a...."),
            ("Images/big.png", &big),
        ]);
        // Act
        let package = parse_with_picture_limits(&zip, 64, 1024);

        // Assert
        let q: Vec<&Question> = package.questions().collect();
        let hash = crate::packages::media::MediaHash::of(&png);
        assert_eq!(q[0].media.len(), 1);
        assert_eq!(q[0].media[0].hash, hash);
        assert_eq!(q[0].media[0].size, png.len() as u32);
        assert_eq!(q[1].media[0].hash, hash, "an escaped name finds its file");
        assert_eq!(package.media.len(), 1, "one picture, stored once");
        assert_eq!(package.media[0].bytes, png);
        assert!(q[2].media.is_empty());
        assert!(
            q[2].text
                .ends_with("[изображение: anim.gif] (на экран не выводится: не PNG и не JPEG)"),
            "{}",
            q[2].text
        );
        assert!(q[3].media.is_empty());
        assert!(
            q[3].text.ends_with("(на экран не выводится: больше 1 МиБ)"),
            "{}",
            q[3].text
        );
    }

    #[test]
    fn siq_the_package_picture_limit_keeps_the_first_pictures() {
        let first = b"\x89PNG\r\n\x1a\nfirst picture".to_vec();
        let second = b"\xFF\xD8\xFFsecond picture".to_vec();
        let xml = v5(
            "",
            &[picture_question("1.png"), picture_question("2.jpg")].concat(),
        );
        let zip = zip_of(&[
            ("content.xml", xml.as_bytes()),
            ("Images/1.png", &first),
            ("Images/2.jpg", &second),
        ]);
        let package = parse_with_picture_limits(&zip, 64, 30);
        let q: Vec<&Question> = package.questions().collect();
        assert_eq!(q[0].media.len(), 1);
        assert!(q[1].media.is_empty());
        assert!(
            q[1].text.contains("картинки пакета превысили 1 МиБ"),
            "{}",
            q[1].text
        );
    }

    #[test]
    fn siq_v4_picture_atoms_are_attached_too() {
        let png = b"\x89PNG\r\n\x1a\nv4".to_vec();
        let xml = r#"<package name="N" version="4"><rounds><round name="R"><themes><theme name="T"><questions><question price="100"><scenario><atom>Где это?</atom><atom type="image">@kremlin.png</atom></scenario><right><answer>Москва</answer></right></question></questions></theme></themes></round></rounds></package>"#;
        let zip = zip_of(&[
            ("content.xml", xml.as_bytes()),
            ("Images/kremlin.png", &png),
        ]);
        let package = parse_siq("t.siq", &zip).unwrap();
        assert_eq!(only(&package).media[0].name, "kremlin.png");
        assert_eq!(package.media.len(), 1);
    }

    #[test]
    fn siq_english_package_gets_english_notes() {
        let xml = v5(
            r#"language="en-US""#,
            r#"<question price="100" type="noRisk"><params><param name="question" type="content"><item type="video">https://example.org/v.mp4</item></param></params><right><answer>Yes</answer></right></question>"#,
        );
        let package = siq(&xml).unwrap();
        assert_eq!(package.info[0], "SIGame package (.siq), format 5");
        assert_eq!(
            only(&package).text,
            "[Host: in SIGame this is a no-risk question (noRisk); played here as a plain question.]\n[video: https://example.org/v.mp4]"
        );
    }

    #[test]
    fn siq_nameless_rounds_and_themes_get_numbered_titles() {
        let xml = r#"<package><rounds><round><themes><theme><questions><question price="x"><params><param name="question" type="content"><item>Q</item></param></params><right><answer>A</answer></right></question></questions></theme></themes></round></rounds></package>"#;
        let package = siq(xml).unwrap();
        assert_eq!(package.tours[0].title, "Раунд 1");
        assert_eq!(package.tours[0].themes[0].title, "Тема 1");
        let q = only(&package);
        assert_eq!(
            (q.price, q.value),
            (None, Some(10)),
            "a price that is no number"
        );
        assert_eq!(package.title, None);
    }

    #[test]
    fn siq_question_without_any_content_says_so() {
        let xml = v5(
            "",
            r#"<question price="1"><params/><right><answer>A</answer></right></question>"#,
        );
        assert_eq!(
            only(&siq(&xml).unwrap()).text,
            "[Ведущему: в пакете у вопроса нет ни текста, ни медиа]"
        );
    }

    #[test]
    fn siq_content_in_utf16_with_a_bom_reads() {
        let xml = v5(
            "",
            r#"<question price="1"><params><param name="question" type="content"><item>Вопрос</item></param></params><right><answer>Ответ</answer></right></question>"#,
        );
        let mut utf16 = vec![0xFF, 0xFE];
        utf16.extend(xml.encode_utf16().flat_map(u16::to_le_bytes));
        let package = parse_siq("t.siq", &zip_of(&[("content.xml", &utf16)])).unwrap();
        assert_eq!(only(&package).answer, "Ответ");
    }

    #[test]
    fn siq_malformed_xml_names_the_file_and_the_place() {
        let err = siq("<package><rounds></package>").unwrap_err();
        match &err {
            PackageError::SiqMalformedXml { file_name, reason } => {
                assert_eq!(file_name, "t.siq");
                assert!(reason.contains("1:"), "{reason}");
            }
            other => panic!("{other:?}"),
        }
        assert!(
            err.to_string()
                .starts_with("t.siq: content.xml is not well-formed XML")
        );
        assert!(matches!(
            parse_siq(
                "t.siq",
                &zip_of(&[("content.xml", b"<package>\xff</package>")])
            ),
            Err(PackageError::SiqMalformedXml { .. })
        ));
    }

    #[test]
    fn siq_xml_with_a_dtd_is_refused_so_no_entity_bomb_expands() {
        let xml = r#"<?xml version="1.0"?><!DOCTYPE package [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><package name="&b;"><rounds/></package>"#;
        assert!(matches!(
            siq(xml),
            Err(PackageError::SiqMalformedXml { .. })
        ));
    }

    #[test]
    fn siq_other_xml_is_not_a_package() {
        assert_eq!(
            siq("<Authors/>").unwrap_err(),
            PackageError::SiqNotAPackage {
                file_name: "t.siq".into(),
                root: "Authors".into()
            }
        );
    }

    #[test]
    fn siq_package_without_questions_is_refused() {
        for xml in [
            "<package/>".to_owned(),
            "<package><rounds><round name=\"R\"><themes><theme name=\"T\"><questions/></theme></themes></round></rounds></package>".to_owned(),
        ] {
            assert_eq!(
                siq(&xml).unwrap_err(),
                PackageError::SiqNoQuestions {
                    file_name: "t.siq".into()
                }
            );
        }
    }

    #[test]
    fn siq_errors_name_the_file_in_english() {
        let err = PackageError::SiqTooLarge {
            file_name: "big.siq".into(),
            limit_mib: 64,
        };
        assert_eq!(
            err.to_string(),
            "big.siq: the archive unpacks to more than 64 MiB (a zip bomb?)"
        );
    }

    #[test]
    fn siq_the_real_limits_let_real_packages_through() {
        for (name, bytes) in [("a.siq", PACK7), ("b.siq", MEDIA), ("c.siq", V4)] {
            assert!(
                parse_within(name, bytes, archive::LIMITS, MediaShelf::default()).is_ok(),
                "{name}"
            );
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        #[test]
        fn siq_arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..2048)) {
            let _ = parse_siq("fuzz.siq", &bytes);
            let mut zip_like = b"PK\x03\x04".to_vec();
            zip_like.extend_from_slice(&bytes);
            let _ = parse_siq("fuzz.siq", &zip_like);
        }

        #[test]
        fn siq_damaged_real_packages_never_panic(
            cuts in proptest::collection::vec((0usize..9129, any::<u8>()), 1..8),
            truncate in 0usize..9129,
        ) {
            // Arrange: a real package with a few bytes changed, or cut short.
            let mut bytes = PACK7.to_vec();
            for (at, byte) in cuts {
                if let Some(b) = bytes.get_mut(at) {
                    *b = byte;
                }
            }
            // Act, assert: an answer either way, never a panic.
            let _ = parse_siq("fuzz.siq", &bytes);
            let _ = parse_siq("fuzz.siq", PACK7.get(..truncate).unwrap_or_default());
        }

        #[test]
        fn siq_arbitrary_content_xml_never_panics(xml in "[<>/a-z =\"&;!?-]{0,300}") {
            let _ = siq(&xml);
            let _ = siq(&format!("<package><rounds><round><themes><theme><questions>{xml}"));
        }
    }
}
