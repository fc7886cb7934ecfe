//! SIGame's `content.xml` to a [`Package`]: rounds become tours, themes
//! themes, questions questions valued 10, 20 … by place with their own price
//! kept. Both layouts are read, question by question: SIGame 4's
//! `<scenario>` of `<atom>`s with a `<type name>` element, and SIGame 5's
//! `<params>` of content `<item>`s with a `type` attribute. Elements are
//! matched by local name, so either schema namespace (or none) reads.
//!
//! Nothing is dropped silently: what Minuta cannot play (media, special
//! types, a round's authors) becomes a note in the question's text or the
//! package's info, worded in `notes`. No archive access here.

use std::borrow::Cow;
use std::collections::{BTreeSet, HashMap};

use encoding_rs::Encoding;
use roxmltree::{Document, Node, ParsingOptions};

use super::archive::Archive;
use super::notes::{FINAL, Fact, Lang};
use crate::packages::PackageError;
use crate::packages::media::{MediaRef, MediaShelf};
use crate::packages::question::{Package, Question, Theme, Tour};

/// Nodes roxmltree builds at most: a real package has a few per question
/// (tens of thousands in all), and each costs memory whatever its size.
const NODES_LIMIT: u32 = 2_000_000;

/// Reads the package in `archive`.
pub fn package(file_name: &str, archive: &Archive) -> Result<Package, PackageError> {
    let malformed = |reason: String| PackageError::SiqMalformedXml {
        file_name: file_name.to_owned(),
        reason,
    };
    let text = decode(&archive.content).map_err(|why| malformed(why.to_owned()))?;
    let doc = parse(&text).map_err(|err| malformed(err.to_string()))?;
    let root = doc.root_element();
    if root.tag_name().name() != "package" {
        return Err(PackageError::SiqNotAPackage {
            file_name: file_name.to_owned(),
            root: root.tag_name().name().to_owned(),
        });
    }

    let mut links = Links::default();
    if let Some(global) = child(root, "global") {
        links.collect(global);
    }
    // SIGame 4 keeps the global authors and sources in files of their own;
    // an unreadable one leaves its links as written.
    for aux in [&archive.authors, &archive.sources].into_iter().flatten() {
        if let Ok(text) = decode(aux)
            && let Ok(doc) = parse(&text)
        {
            links.collect(doc.root_element());
        }
    }
    let reader = Reader {
        lang: Lang::of(root.attribute("language")),
        links,
        files: &archive.files,
        images: &archive.images,
    };
    let mut package = reader.package(root);
    package.media = archive.images.files_shown_in(&package);
    if package.question_count() == 0 {
        return Err(PackageError::SiqNoQuestions {
            file_name: file_name.to_owned(),
        });
    }
    Ok(package)
}

/// The XML's text: UTF-8 (SIGame writes it with a BOM), or whatever a BOM
/// names. An XML declaration cannot override that, and none that SIGame
/// writes tries to.
fn decode(bytes: &[u8]) -> Result<Cow<'_, str>, &'static str> {
    match Encoding::for_bom(bytes) {
        Some((encoding, bom)) => encoding
            .decode_without_bom_handling_and_without_replacement(
                bytes.get(bom..).unwrap_or_default(),
            )
            .ok_or("not in the encoding its byte-order mark names"),
        None => std::str::from_utf8(bytes)
            .map(Cow::Borrowed)
            .map_err(|_| "not UTF-8"),
    }
}

fn parse(text: &str) -> Result<Document<'_>, roxmltree::Error> {
    let options = ParsingOptions {
        // No DTD, no entities: nothing in a package needs them, and they are
        // how XML bombs are built.
        allow_dtd: false,
        nodes_limit: NODES_LIMIT,
        ..ParsingOptions::default()
    };
    Document::parse_with_options(text, options)
}

fn elements<'a, 'input>(
    node: Node<'a, 'input>,
    name: &'static str,
) -> impl Iterator<Item = Node<'a, 'input>> {
    node.children()
        .filter(move |n| n.is_element() && n.tag_name().name() == name)
}

fn child<'a, 'input>(node: Node<'a, 'input>, name: &'static str) -> Option<Node<'a, 'input>> {
    elements(node, name).next()
}

/// An element's text, line ends made `\n` and the ends trimmed.
fn text(node: Node) -> String {
    let raw: String = node
        .descendants()
        .filter(Node::is_text)
        .filter_map(|n| n.text())
        .collect();
    raw.replace("\r\n", "\n")
        .replace('\r', "\n")
        .trim()
        .to_owned()
}

fn non_empty(text: String) -> Option<String> {
    (!text.is_empty()).then_some(text)
}

fn joined(items: &[String], separator: &str) -> Option<String> {
    non_empty(items.join(separator))
}

fn attribute<'a>(node: Node<'a, '_>, name: &str) -> Option<&'a str> {
    node.attribute(name)
        .map(str::trim)
        .filter(|value| !value.is_empty())
}

/// The global authors and sources `@id` links point to: SIGame 5's
/// `<global>`, SIGame 4's `Texts/authors.xml` and `Texts/sources.xml`.
#[derive(Debug, Default)]
struct Links {
    authors: HashMap<String, String>,
    sources: HashMap<String, String>,
}

impl Links {
    fn collect(&mut self, root: Node) {
        for node in root.descendants().filter(Node::is_element) {
            let Some(id) = attribute(node, "id") else {
                continue;
            };
            let field = |name: &str| {
                node.children()
                    .find(|n| n.is_element() && n.tag_name().name().eq_ignore_ascii_case(name))
                    .map(text)
                    .unwrap_or_default()
            };
            let words = |names: &[&str], separator: &str| {
                let mut out = String::new();
                for part in names.iter().map(|n| field(n)).filter(|p| !p.is_empty()) {
                    if !out.is_empty() {
                        // «Пушкин А. С.» ends its own sentence.
                        let end = separator.trim_end();
                        out.push_str(if out.ends_with(end) { " " } else { separator });
                    }
                    out.push_str(&part);
                }
                out
            };
            let tag = node.tag_name().name();
            if tag.eq_ignore_ascii_case("author") {
                let name = words(&["Name", "SecondName", "Surname"], " ");
                let place = words(&["City", "Country"], ", ");
                let shown = match (name.is_empty(), place.is_empty()) {
                    (true, _) => continue,
                    (false, true) => name,
                    (false, false) => format!("{name} ({place})"),
                };
                self.authors.insert(id.to_owned(), shown);
            } else if tag.eq_ignore_ascii_case("source") {
                let what = words(&["Author", "Title"], ". ");
                let imprint = words(&["Publish", "City", "Year"], ", ");
                let shown = match (what.is_empty(), imprint.is_empty()) {
                    (true, true) => continue,
                    (false, false) if what.ends_with('.') => format!("{what} {imprint}"),
                    (false, false) => format!("{what}. {imprint}"),
                    _ => format!("{what}{imprint}"),
                };
                self.sources.insert(id.to_owned(), shown);
            }
        }
    }

    /// «@id» as the author's name; anything else (or an unknown id) as
    /// written.
    fn author(&self, written: String) -> String {
        written
            .strip_prefix('@')
            .and_then(|id| self.authors.get(id.trim()))
            .cloned()
            .unwrap_or(written)
    }

    /// «@id#с.256» as the source and its detail.
    fn source(&self, written: String) -> String {
        let Some(link) = written.strip_prefix('@') else {
            return written;
        };
        let (id, detail) = link.split_once('#').unwrap_or((link, ""));
        match (self.sources.get(id.trim()), detail.trim()) {
            (Some(source), "") => source.clone(),
            (Some(source), detail) => format!("{source}, {detail}"),
            (None, _) => written,
        }
    }
}

/// An item's `<info>`: authors, sources, comments, and SIGame 5's comments
/// for the host only.
#[derive(Debug, Default)]
struct Info {
    authors: Vec<String>,
    sources: Vec<String>,
    comments: Option<String>,
    host: Option<String>,
}

/// What a question shows: its text and media, in order, as lines; what is
/// shown with the answer; and the options of a multiple-choice question.
#[derive(Debug, Default)]
struct Shown {
    question: Vec<String>,
    answer: Vec<String>,
    options: Vec<(String, String)>,
    /// The pictures of the question part that the archive holds.
    media: Vec<MediaRef>,
}

struct Reader<'a> {
    lang: Lang,
    links: Links,
    files: &'a BTreeSet<String>,
    images: &'a MediaShelf,
}

impl Reader<'_> {
    fn package(&self, root: Node) -> Package {
        let lang = self.lang;
        let info = self.info(root);
        let mut facts = vec![lang.format(root.attribute("version"))];
        for (fact, name) in [
            (Fact::Publisher, "publisher"),
            (Fact::Difficulty, "difficulty"),
            (Fact::Restriction, "restriction"),
        ] {
            facts.extend(attribute(root, name).map(|value| lang.fact(fact, value)));
        }
        let tags: Vec<String> = child(root, "tags")
            .map(|tags| elements(tags, "tag").map(text).collect())
            .unwrap_or_default();
        facts.extend(joined(&tags, ", ").map(|tags| lang.fact(Fact::Tags, &tags)));
        if let Some(logo) = attribute(root, "logo") {
            // «@file» names a file in the archive; anything else is a link.
            let note = match logo.strip_prefix('@') {
                Some(file) => self.media("image", file, true),
                None => self.media("image", logo, false),
            };
            facts.push(lang.fact(Fact::Logo, &note));
        }
        facts.extend(info.comments.map(|c| lang.fact(Fact::Comment, &c)));
        facts.extend(info.host.map(|c| lang.host(&c)));
        facts.extend(joined(&info.sources, "; ").map(|s| lang.fact(Fact::Sources, &s)));

        let mut package = Package {
            title: attribute(root, "name").map(str::to_owned),
            editors: joined(&info.authors, ", "),
            date: attribute(root, "date").map(str::to_owned),
            info: facts,
            tours: Vec::new(),
            media: Vec::new(),
        };
        let rounds = child(root, "rounds")
            .into_iter()
            .flat_map(|r| elements(r, "round"));
        for (index, round) in rounds.enumerate() {
            let tour = self.round(round, index + 1, &mut package.info);
            package.tours.push(tour);
        }
        package
    }

    fn round(&self, round: Node, position: usize, facts: &mut Vec<String>) -> Tour {
        let lang = self.lang;
        let title = attribute(round, "name")
            .map(str::to_owned)
            .unwrap_or_else(|| lang.round_title(position));
        // A tour has no place for a round's authors and comment; the
        // package's info keeps them, naming the round.
        let info = self.info(round);
        let authors = joined(&info.authors, ", ");
        let comment = [info.comments, info.host.map(|h| lang.host(&h))]
            .into_iter()
            .flatten()
            .chain(joined(&info.sources, "; ").map(|s| lang.fact(Fact::Sources, &s)))
            .collect::<Vec<_>>();
        let comment = joined(&comment, " ");
        if authors.is_some() || comment.is_some() {
            facts.push(lang.round_fact(&title, authors.as_deref(), comment.as_deref()));
        }
        let final_round = attribute(round, "type") == Some(FINAL);
        let mut tour = Tour {
            title,
            ..Tour::default()
        };
        let themes = child(round, "themes")
            .into_iter()
            .flat_map(|t| elements(t, "theme"));
        for (index, theme) in themes.enumerate() {
            let title = attribute(theme, "name")
                .map(str::to_owned)
                .unwrap_or_else(|| lang.theme_title(index + 1));
            let info = self.info(theme);
            let comment = [info.comments, info.host.map(|h| lang.host(&h))]
                .into_iter()
                .flatten()
                .chain(joined(&info.sources, "; ").map(|s| lang.fact(Fact::Sources, &s)))
                .collect::<Vec<_>>();
            let questions = child(theme, "questions")
                .into_iter()
                .flat_map(|q| elements(q, "question"));
            for (place, question) in questions.enumerate() {
                let question = self.question(question, place + 1, &title, final_round);
                tour.questions.push(question);
            }
            tour.themes.push(Theme {
                title,
                authors: joined(&info.authors, ", "),
                comment: joined(&comment, "\n"),
            });
        }
        tour
    }

    fn question(&self, node: Node, place: usize, theme: &str, final_round: bool) -> Question {
        let lang = self.lang;
        let info = self.info(node);
        let shown = match (child(node, "params"), child(node, "scenario")) {
            (Some(params), _) => self.params(params),
            (None, Some(scenario)) => self.scenario(scenario),
            (None, None) => Shown::default(),
        };

        let mut lines: Vec<String> = self.special(node, final_round).into_iter().collect();
        lines.extend(info.host.map(|h| lang.host(&h)));
        lines.extend(shown.question);
        lines.extend(
            shown
                .options
                .iter()
                .map(|(label, option)| format!("{label}) {option}")),
        );
        if lines.is_empty() {
            // Typed-in questions must have text; a package's empty one is
            // said to be so rather than shown blank.
            lines.push(lang.host(lang.no_text()));
        }

        // A multiple-choice answer is an option's label: the option's text
        // goes with it, so the judges need not look it up.
        let with_option = |answer: String| {
            shown
                .options
                .iter()
                .find(|(label, _)| label.eq_ignore_ascii_case(&answer))
                .map_or(answer, |(label, option)| format!("{label}) {option}"))
        };
        let answers = |name: &'static str| -> Vec<String> {
            child(node, name)
                .into_iter()
                .flat_map(|a| elements(a, "answer"))
                .map(text)
                .filter(|a| !a.is_empty())
                .map(with_option)
                .collect()
        };
        let right = answers("right");
        let (answer, accepted) = match right.split_first() {
            Some((first, rest)) => (first.clone(), joined(rest, "; ")),
            None => (String::new(), None),
        };

        let mut comment: Vec<String> = info.comments.into_iter().collect();
        comment.extend(joined(&shown.answer, " ").map(|shown| lang.with_answer(&shown)));

        Question {
            text: lines.join("\n"),
            answer,
            accepted,
            rejected: joined(&answers("wrong"), "; "),
            comment: joined(&comment, "\n"),
            sources: joined(&info.sources, "\n"),
            authors: joined(&info.authors, ", "),
            theme: Some(theme.to_owned()),
            value: Some(u32::try_from(place).unwrap_or(u32::MAX).saturating_mul(10)),
            price: node.attribute("price").and_then(|p| p.trim().parse().ok()),
            media: shown.media,
            ..Question::default()
        }
    }

    /// The note for a special question type, or for a question of a final
    /// round; `None` for a plain question.
    fn special(&self, node: Node, final_round: bool) -> Option<String> {
        let lang = self.lang;
        // SIGame 5: `type` attribute and `theme`/`price` params. SIGame 4:
        // `<type name>` with `theme` and `cost` params.
        let v4 = child(node, "type");
        let code = attribute(node, "type")
            .or_else(|| v4.and_then(|t| attribute(t, "name")))
            .filter(|code| *code != "simple")
            .or(final_round.then_some(FINAL))?;
        let params = child(node, "params")
            .into_iter()
            .chain(v4)
            .flat_map(|p| elements(p, "param"));
        let mut details = Vec::new();
        for param in params {
            match param.attribute("name") {
                Some("theme") => {
                    details.extend(non_empty(text(param)).map(|t| lang.theme(&t)));
                }
                Some("price" | "cost") => details.extend(self.price(param)),
                _ => {}
            }
        }
        Some(lang.special(code, &details))
    }

    /// A special question's price: a number, or SIGame 5's number set
    /// (from … to …; all zeros means the player names it).
    fn price(&self, param: Node) -> Option<String> {
        let Some(set) = child(param, "numberSet") else {
            return non_empty(text(param)).map(|p| self.lang.price(&p));
        };
        let bound = |name| {
            set.attribute(name)
                .and_then(|v| v.trim().parse::<i64>().ok())
                .unwrap_or(0)
        };
        match (bound("minimum"), bound("maximum")) {
            (_, 0) => None,
            (min, max) if min == max => Some(self.lang.price(&min.to_string())),
            (min, max) => Some(self.lang.price_range(min, max)),
        }
    }

    /// SIGame 5's `<params>`.
    fn params(&self, params: Node) -> Shown {
        let mut shown = Shown::default();
        for param in elements(params, "param") {
            match param.attribute("name") {
                Some("answer") => shown.answer.extend(self.items(param)),
                Some("answerOptions") => {
                    for option in elements(param, "param") {
                        let label = attribute(option, "name").unwrap_or("?").to_owned();
                        shown.options.push((label, self.items(option).join(" ")));
                    }
                }
                // Read by `special`, or only how SIGame plays the question.
                Some("theme" | "price" | "selectionMode" | "answerType") => {}
                // The question, and any other content a custom type shows.
                _ => {
                    shown.question.extend(self.items(param));
                    let pictures = elements(param, "item").filter(|item| {
                        attribute(*item, "type") == Some("image")
                            && item
                                .attribute("isRef")
                                .is_some_and(|r| r.trim().eq_ignore_ascii_case("true"))
                    });
                    for item in pictures {
                        shown.media.extend(self.picture(&text(item)));
                    }
                }
            }
        }
        shown
    }

    /// A content parameter's items: text as it is, media as notes.
    fn items(&self, param: Node) -> Vec<String> {
        elements(param, "item")
            .filter_map(|item| {
                let value = text(item);
                match attribute(item, "type").unwrap_or("text") {
                    "text" => non_empty(value),
                    kind => {
                        let internal = item
                            .attribute("isRef")
                            .is_some_and(|r| r.trim().eq_ignore_ascii_case("true"));
                        Some(self.media(kind, &value, internal))
                    }
                }
            })
            .collect()
    }

    /// SIGame 4's `<scenario>`: atoms before the marker are the question,
    /// after it what is shown with the answer.
    fn scenario(&self, scenario: Node) -> Shown {
        let mut shown = Shown::default();
        let mut after_marker = false;
        for atom in elements(scenario, "atom") {
            let value = text(atom);
            if !after_marker
                && attribute(atom, "type") == Some("image")
                && let Some(file) = value.strip_prefix('@')
            {
                shown.media.extend(self.picture(file));
            }
            let line = match attribute(atom, "type").unwrap_or("text") {
                "marker" => {
                    after_marker = true;
                    continue;
                }
                // «say» is what the host says; the host reads the text anyway.
                "text" | "say" => non_empty(value),
                kind => Some(match value.strip_prefix('@') {
                    Some(file) => self.media(kind, file, true),
                    None => self.media(kind, &value, false),
                }),
            };
            let lines = if after_marker {
                &mut shown.answer
            } else {
                &mut shown.question
            };
            lines.extend(line);
        }
        shown
    }

    /// A media note; an internal link is checked against the archive, and
    /// a picture the projector cannot show says why.
    fn media(&self, kind: &str, target: &str, internal: bool) -> String {
        let base = target.rsplit(['/', '\\']).next().unwrap_or(target);
        let missing = internal && !self.files.contains(base);
        let note = self.lang.media(kind, target, missing);
        match self
            .images
            .skipped(base)
            .filter(|_| internal && kind == "image")
        {
            Some(why) => format!("{note} {}", self.lang.not_shown(why)),
            None => note,
        }
    }

    /// The archive's picture an internal link names, if it was kept.
    fn picture(&self, target: &str) -> Option<MediaRef> {
        let base = target.rsplit(['/', '\\']).next().unwrap_or(target);
        self.images.get(base).cloned()
    }

    fn info(&self, owner: Node) -> Info {
        let Some(info) = child(owner, "info") else {
            return Info::default();
        };
        let list = |list: &'static str, entry: &'static str| -> Vec<String> {
            child(info, list)
                .into_iter()
                .flat_map(|l| elements(l, entry))
                .map(text)
                .filter(|t| !t.is_empty())
                .collect()
        };
        Info {
            authors: list("authors", "author")
                .into_iter()
                .map(|a| self.links.author(a))
                .collect(),
            sources: list("sources", "source")
                .into_iter()
                .map(|s| self.links.source(s))
                .collect(),
            comments: child(info, "comments").map(text).and_then(non_empty),
            host: child(info, "showmanComments").map(text).and_then(non_empty),
        }
    }
}
