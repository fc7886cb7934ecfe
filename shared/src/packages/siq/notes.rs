//! The words a `.siq` import adds to a package: notes that name media the
//! screens cannot show and SIGame's special question types Minuta plays as
//! plain questions, and the labels of package facts (publisher, difficulty
//! …), in the package's own language (Russian unless it says English). Only
//! wording lives here; what gets a note is decided in `content`.

use crate::packages::media::MediaSkip;

/// The language of the notes: SIGame's `language` attribute, Russian when
/// it is missing or anything but English, as almost every package is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    Ru,
    En,
}

impl Lang {
    pub fn of(language: Option<&str>) -> Lang {
        match language.map(|l| l.trim().to_ascii_lowercase()) {
            Some(l) if l.starts_with("en") => Lang::En,
            _ => Lang::Ru,
        }
    }

    fn pick(self, ru: &'static str, en: &'static str) -> &'static str {
        match self {
            Lang::Ru => ru,
            Lang::En => en,
        }
    }

    /// «[изображение: file.png]»: a media item the screens do not show,
    /// where it stands in the question. `missing` when an internal link
    /// names a file the archive does not have.
    pub fn media(self, kind: &str, target: &str, missing: bool) -> String {
        let kind = match kind {
            "image" => self.pick("изображение", "image"),
            // SIGame 4 calls sound «voice».
            "audio" | "voice" => self.pick("аудио", "audio"),
            "video" => self.pick("видео", "video"),
            "html" => "HTML",
            other => return self.media_of_kind(other, target, missing),
        };
        self.media_of_kind(kind, target, missing)
    }

    fn media_of_kind(self, kind: &str, target: &str, missing: bool) -> String {
        let missing = if missing {
            self.pick(" — файла нет в архиве", " — not in the archive")
        } else {
            ""
        };
        format!("[{kind}: {target}{missing}]")
    }

    /// Why the projector will not show a picture the package has: a note
    /// after the picture's own («[изображение: a.gif] (на экран не выводится:
    /// не PNG и не JPEG)»).
    pub fn not_shown(self, why: &MediaSkip) -> String {
        let reason = match (self, why) {
            (Lang::Ru, MediaSkip::NotAnImage) => "не PNG и не JPEG".to_owned(),
            (Lang::En, MediaSkip::NotAnImage) => "neither PNG nor JPEG".to_owned(),
            (Lang::Ru, MediaSkip::TooLarge { limit_mib }) => {
                format!("больше {limit_mib} МиБ")
            }
            (Lang::En, MediaSkip::TooLarge { limit_mib }) => {
                format!("larger than {limit_mib} MiB")
            }
            (Lang::Ru, MediaSkip::PackageFull { limit_mib }) => {
                format!("картинки пакета превысили {limit_mib} МиБ")
            }
            (Lang::En, MediaSkip::PackageFull { limit_mib }) => {
                format!("the package's pictures passed {limit_mib} MiB")
            }
        };
        match self {
            Lang::Ru => format!("(на экран не выводится: {reason})"),
            Lang::En => format!("(not shown on the projector: {reason})"),
        }
    }

    /// The note a special question gets, in the host-note form 4s packages
    /// use («[Ведущему: …]»): what SIGame would do, and that Minuta plays it
    /// as a plain question. `details` are the type's own theme and price.
    pub fn special(self, code: &str, details: &[String]) -> String {
        let kind = self.kind(code);
        let details: String = details.iter().map(|d| format!("; {d}")).collect();
        match self {
            Lang::Ru => {
                format!("[Ведущему: в SIGame это {kind}{details}; здесь — обычный вопрос.]")
            }
            Lang::En => format!(
                "[Host: in SIGame this is {kind}{details}; played here as a plain question.]"
            ),
        }
    }

    /// SIGame's well-known question types (SIGame 4 and 5 names both),
    /// with the code as the package writes it; any other name as written.
    fn kind(self, code: &str) -> String {
        let known = match code {
            "auction" | "stake" => Some(("вопрос-аукцион", "a stake question")),
            "stakeAll" => Some(("вопрос со ставками всех", "a stake-for-all question")),
            "cat" | "bagcat" | "secret" | "secretPublicPrice" | "secretOpenerPrice" => {
                Some(("«кот в мешке»", "a secret question («cat in the bag»)"))
            }
            "secretNoQuestion" => Some((
                "«кот в мешке» без вопроса",
                "a secret question with no question",
            )),
            "sponsored" | "noRisk" => Some(("вопрос без риска", "a no-risk question")),
            "forAll" => Some(("вопрос для всех", "a question for all")),
            "choice" => Some(("вопрос с вариантами ответа", "a multiple-choice question")),
            FINAL => Some(("вопрос финального раунда", "a final-round question")),
            _ => None,
        };
        match known {
            Some((ru, en)) => format!("{} ({code})", self.pick(ru, en)),
            None => match self {
                Lang::Ru => format!("вопрос особого типа «{code}»"),
                Lang::En => format!("a question of the special type «{code}»"),
            },
        }
    }

    pub fn theme(self, theme: &str) -> String {
        format!("{} «{theme}»", self.pick("тема", "theme"))
    }

    pub fn price(self, price: &str) -> String {
        format!("{} {price}", self.pick("цена", "price"))
    }

    pub fn price_range(self, min: i64, max: i64) -> String {
        match self {
            Lang::Ru => format!("цена от {min} до {max}"),
            Lang::En => format!("price from {min} to {max}"),
        }
    }

    /// SIGame's notes for the host only («showmanComments»).
    pub fn host(self, text: &str) -> String {
        format!("[{}: {text}]", self.pick("Ведущему", "Host"))
    }

    pub fn no_text(self) -> &'static str {
        self.pick(
            "в пакете у вопроса нет ни текста, ни медиа",
            "the question has neither text nor media in the package",
        )
    }

    /// What SIGame shows with the answer (its `answer` content, SIGame 4's
    /// atoms after the marker), added to the comment.
    pub fn with_answer(self, shown: &str) -> String {
        format!("{} {shown}", self.pick("С ответом:", "With the answer:"))
    }

    pub fn format(self, version: Option<&str>) -> String {
        let version = version.map(str::trim).filter(|v| !v.is_empty());
        match (self, version) {
            (Lang::Ru, Some(v)) => format!("Пакет SIGame (.siq), формат {v}"),
            (Lang::Ru, None) => "Пакет SIGame (.siq)".to_owned(),
            (Lang::En, Some(v)) => format!("SIGame package (.siq), format {v}"),
            (Lang::En, None) => "SIGame package (.siq)".to_owned(),
        }
    }

    pub fn fact(self, fact: Fact, value: &str) -> String {
        let label = match fact {
            Fact::Publisher => self.pick("Издатель", "Publisher"),
            Fact::Difficulty => {
                return match self {
                    Lang::Ru => format!("Сложность: {value} из 10"),
                    Lang::En => format!("Difficulty: {value} of 10"),
                };
            }
            Fact::Restriction => self.pick("Ограничение", "Restriction"),
            Fact::Tags => self.pick("Теги", "Tags"),
            Fact::Logo => self.pick("Логотип", "Logo"),
            Fact::Comment => self.pick("Комментарий", "Comment"),
            Fact::Sources => self.pick("Источники", "Sources"),
        };
        format!("{label}: {value}")
    }

    /// A round's authors or comment, which the model has no place for on a
    /// tour: a line of the package's info naming the round.
    pub fn round_fact(self, round: &str, authors: Option<&str>, comment: Option<&str>) -> String {
        let mut line = format!("{} «{round}»", self.pick("Раунд", "Round"));
        if let Some(authors) = authors {
            line.push_str(&format!(" — {}: {authors}", self.pick("авторы", "authors")));
        }
        if let Some(comment) = comment {
            line.push_str(&format!(" — {comment}"));
        }
        line
    }

    pub fn round_title(self, position: usize) -> String {
        format!("{} {position}", self.pick("Раунд", "Round"))
    }

    pub fn theme_title(self, position: usize) -> String {
        format!("{} {position}", self.pick("Тема", "Theme"))
    }
}

/// The type code a final round's questions are noted with: SIGame plays its
/// final with stakes from every player.
pub const FINAL: &str = "final";

/// Package facts that have no field of their own in the model.
#[derive(Clone, Copy, Debug)]
pub enum Fact {
    Publisher,
    Difficulty,
    Restriction,
    Tags,
    Logo,
    Comment,
    Sources,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn siq_notes_are_russian_unless_the_package_says_english() {
        assert_eq!(Lang::of(None), Lang::Ru);
        assert_eq!(Lang::of(Some("ru-RU")), Lang::Ru);
        assert_eq!(Lang::of(Some("English")), Lang::En);
        assert_eq!(Lang::of(Some(" en-US")), Lang::En);
    }

    #[test]
    fn siq_media_notes_name_the_kind_and_the_file() {
        assert_eq!(
            Lang::Ru.media("image", "a.png", false),
            "[изображение: a.png]"
        );
        assert_eq!(
            Lang::Ru.media("voice", "a.mp3", true),
            "[аудио: a.mp3 — файла нет в архиве]"
        );
        assert_eq!(Lang::En.media("video", "v.mp4", false), "[video: v.mp4]");
        assert_eq!(Lang::En.media("flash", "f.swf", false), "[flash: f.swf]");
    }

    #[test]
    fn siq_special_type_notes_speak_to_the_host() {
        assert_eq!(
            Lang::Ru.special("cat", &[Lang::Ru.theme("Рыбы"), Lang::Ru.price("300")]),
            "[Ведущему: в SIGame это «кот в мешке» (cat); тема «Рыбы»; цена 300; здесь — обычный вопрос.]"
        );
        assert_eq!(
            Lang::En.special("myType", &[]),
            "[Host: in SIGame this is a question of the special type «myType»; played here as a plain question.]"
        );
    }
}
