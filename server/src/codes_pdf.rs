//! The join codes on paper (`minuta-server export --format codes`, and the
//! host's «Коды для печати (PDF)»): an A4 sheet of cards, eight to a page
//! with dashed cut lines — per team its name and town, the QR of its join
//! link (the web link a phone's camera opens in the browser when the
//! server serves browsers, else the `minuta://` code), its short code, the
//! web page's address and the hall's Wi-Fi — then the staff's pages,
//! marked «не раздавать командам»: the projector's card, the host's, every
//! judge's and the appeal jury's. The QR codes are vector squares, sharp at
//! any printer's resolution.
//!
//! What lives here: the sheet's model ([`CodeSheet`], built from a replayed
//! store by [`sheet_of`], or by the dashboard from its view), its layout and
//! the PDF, and [`export_codes`], which gathers the store, the certificate
//! and the hall's address for the command line. What must not: the
//! protocol's layout, or any writing to the store.

use std::net::SocketAddr;
use std::path::Path;

use minuta_shared::join_code::{JoinCode, web_origin};
use minuta_shared::lan::ShortCode;
use minuta_shared::wire::handshake::Credential;
use qrcode::QrCode;
use thiserror::Error;

use crate::core::Core;
use crate::export::ExportError;
use crate::jury_protocol::pdf_file::{
    Fill, Font, PAGE_HEIGHT, PAGE_WIDTH, Page, RenderError, Rule, Run, wrap, write_pdf,
};
use crate::net::tls::TlsError;

/// Cards across and down a page: eight to an A4 page.
pub const COLUMNS: usize = 2;
pub const ROWS: usize = 4;
pub const CARDS_PER_PAGE: usize = COLUMNS * ROWS;

/// What every staff page and staff card says.
pub const STAFF_WARNING: &str = "НЕ РАЗДАВАТЬ КОМАНДАМ";

/// Around the grid of cards: most printers leave 4–5 mm unprinted.
const MARGIN: f32 = 18.0;
/// Above the grid: the page's heading.
const HEADER: f32 = 30.0;
/// Inside a card, between its cut line and what it shows.
const PAD: f32 = 10.0;
/// A QR code's quiet zone, in modules (ISO/IEC 18004 asks for four).
const QUIET: usize = 4;

/// One team's card.
#[derive(Clone, Debug, PartialEq)]
pub struct TeamCard {
    pub name: String,
    pub town: String,
    /// What the QR carries: the team's web link when the server serves
    /// browsers (a phone's camera opens it, nothing to install), else its
    /// `minuta://` join code.
    pub link: String,
    /// «K7QM-4H2X», typed on a terminal in the hall.
    pub short_code: String,
    /// The web page's address, «http://192.168.1.10:4433», printed small
    /// for typing into a browser (then the short code); `None` when the
    /// server serves no browsers.
    pub site: Option<String>,
}

impl TeamCard {
    /// The card of the team whose join code is `code`, its QR the web
    /// link when the server serves browsers on `web_port`.
    pub fn new(
        name: String,
        town: String,
        code: &JoinCode,
        short_code: String,
        web_port: Option<u16>,
    ) -> TeamCard {
        let web = web_port.and_then(|port| code.web_addr(port));
        TeamCard {
            name,
            town,
            link: web.map_or_else(|| code.to_string(), |web| code.web_link(web)),
            short_code,
            site: web.map(web_origin),
        }
    }
}

/// A code for the staff: the projector's, the host's, a judge's, the jury's.
#[derive(Clone, Debug, PartialEq)]
pub struct StaffCard {
    /// «Проектор», «Ведущий», «Судья: Анна», «Апелляционное жюри».
    pub role: String,
    /// What the QR carries, printed whole too: the web link when the
    /// server serves browsers, else the `minuta://` join code.
    pub link: String,
    /// The `minuta://` join code, printed for the app when `link` is the
    /// web link (staff codes have no short form).
    pub code: String,
}

impl StaffCard {
    /// The card of `role` whose join code is `code`, its QR the web link
    /// when the server serves browsers on `web_port`.
    pub fn new(role: String, code: &JoinCode, web_port: Option<u16>) -> StaffCard {
        let web = web_port.and_then(|port| code.web_addr(port));
        StaffCard {
            role,
            link: web.map_or_else(|| code.to_string(), |web| code.web_link(web)),
            code: code.to_string(),
        }
    }
}

/// Everything the sheet prints.
#[derive(Clone, Debug, PartialEq)]
pub struct CodeSheet {
    pub tournament: String,
    /// The hall's Wi-Fi, «Name / password»; a blank line to fill in by hand
    /// when not given.
    pub wifi: Option<String>,
    pub teams: Vec<TeamCard>,
    /// The projector first, then the host, the judges and the jury.
    pub staff: Vec<StaffCard>,
}

/// Why the codes' sheet could not be made.
#[derive(Debug, Error)]
pub enum CodesError {
    #[error(transparent)]
    Store(#[from] ExportError),
    #[error(transparent)]
    Certificate(#[from] TlsError),
    #[error(
        "no server has served from {dir} yet, so the address the hall's terminals use is not known: give --address HOST:PORT (this machine's address in the hall's network and the server's port, e.g. 192.168.1.10:4433)"
    )]
    NoAddress { dir: String },
    #[error(
        "the certificate in {certs} is not the one the server last served with (fingerprint {served}): no terminal would trust these codes; give --certs with the server's certificate folder (minuta host keeps it in the data folder's certs)"
    )]
    OtherCertificate { certs: String, served: String },
    #[error("making the codes' PDF: {0}")]
    Pdf(#[from] RenderError),
}

/// What `export --format codes` needs besides the store.
#[derive(Clone, Debug, Default)]
pub struct CodesOptions {
    /// Where the terminals reach the server; by default the addresses the
    /// server last served at ([`crate::hall_address`]).
    pub address: Option<SocketAddr>,
    pub wifi: Option<String>,
    /// The web page's port for the cards' web links; by default the one
    /// the server last served browsers at, none when it served none.
    pub web_port: Option<u16>,
}

/// The codes' PDF of the store in `data_dir`, for the certificate in
/// `cert_dir` (made there if there is none yet, as `serve` would; refused
/// if the server last served with another). Reads the store only.
pub fn export_codes(
    data_dir: &Path,
    cert_dir: &Path,
    options: CodesOptions,
) -> Result<Vec<u8>, CodesError> {
    let served = crate::hall_address::recorded(data_dir);
    let addrs = match (options.address, &served) {
        (Some(addr), _) => vec![addr],
        (None, Some(served)) => served.addrs.clone(),
        (None, None) => {
            return Err(CodesError::NoAddress {
                dir: data_dir.display().to_string(),
            });
        }
    };
    let web_port = options
        .web_port
        .or(served.as_ref().and_then(|s| s.web_port));
    let (core, _) = crate::export::replayed(data_dir)?;
    let identity = crate::net::tls::load_or_create(cert_dir)?;
    if let Some(fingerprint) = served.and_then(|s| s.fingerprint)
        && fingerprint != identity.fingerprint
    {
        return Err(CodesError::OtherCertificate {
            certs: cert_dir.display().to_string(),
            served: minuta_shared::join_code::fingerprint_hex(&fingerprint),
        });
    }
    let sheet = sheet_of(&core, &addrs, identity.fingerprint, web_port, options.wifi);
    Ok(render(&sheet)?)
}

/// The sheet of the tournament in `core`, for terminals that reach the
/// server at `addrs` and pin the certificate `fingerprint`, and browsers
/// that reach its web page on `web_port` (`None`: no web links).
pub fn sheet_of(
    core: &Core,
    addrs: &[SocketAddr],
    fingerprint: [u8; 32],
    web_port: Option<u16>,
    wifi: Option<String>,
) -> CodeSheet {
    let code = |credential: Credential| JoinCode {
        addrs: addrs.to_vec(),
        fingerprint,
        credential,
    };
    let staff_card =
        |role: String, credential: Credential| StaffCard::new(role, &code(credential), web_port);
    let registry = core.registry();
    let teams = registry
        .teams
        .values()
        .map(|t| {
            let team = code(Credential::Team {
                team: t.id,
                secret: t.secret.clone(),
            });
            let short = ShortCode::for_team(&fingerprint, &t.secret).to_string();
            TeamCard::new(t.name.clone(), t.town.clone(), &team, short, web_port)
        })
        .collect();
    let mut staff = vec![
        staff_card(
            "Проектор (экран зала)".to_owned(),
            Credential::Display {
                secret: registry.display_secret.clone(),
            },
        ),
        staff_card(
            "Ведущий".to_owned(),
            Credential::Host {
                secret: registry.host_secret.clone(),
            },
        ),
    ];
    staff.extend(registry.judges.values().map(|j| {
        staff_card(
            format!("Судья: {}", j.name),
            Credential::Judge {
                judge: j.id,
                secret: j.secret.clone(),
            },
        )
    }));
    // A store from before the jury has no jury secret: no card that admits nobody.
    if !registry.jury_secret.is_empty() {
        staff.push(staff_card(
            "Апелляционное жюри".to_owned(),
            Credential::Jury {
                secret: registry.jury_secret.clone(),
            },
        ));
    }
    CodeSheet {
        tournament: registry.tournament.clone(),
        wifi,
        teams,
        staff,
    }
}

/// The sheet as a PDF file.
pub fn render(sheet: &CodeSheet) -> Result<Vec<u8>, RenderError> {
    let font = Font::load()?;
    let pages = lay_out(&font, sheet)?;
    let title = format!("Коды подключения — {}", tournament_name(sheet));
    write_pdf(&font, &pages, &title)
}

/// The sheet's pages, every line, square and cut placed.
pub fn layout(sheet: &CodeSheet) -> Result<Vec<Page>, RenderError> {
    lay_out(&Font::load()?, sheet)
}

fn tournament_name(sheet: &CodeSheet) -> String {
    if sheet.tournament.trim().is_empty() {
        "Турнир без названия".to_owned()
    } else {
        sheet.tournament.trim().to_owned()
    }
}

/// A card's place: its lower left corner and size.
#[derive(Clone, Copy)]
struct Cell {
    x: f32,
    y: f32,
    width: f32,
    height: f32,
}

const CELL_WIDTH: f32 = (PAGE_WIDTH - 2.0 * MARGIN) / COLUMNS as f32;
const CELL_HEIGHT: f32 = (PAGE_HEIGHT - 2.0 * MARGIN - HEADER) / ROWS as f32;

/// The `i`th card's cell on its page, row by row from the top left.
fn cell(i: usize) -> Cell {
    let (column, row) = (i % COLUMNS, i / COLUMNS);
    Cell {
        x: MARGIN + column as f32 * CELL_WIDTH,
        y: PAGE_HEIGHT - MARGIN - HEADER - (row + 1) as f32 * CELL_HEIGHT,
        width: CELL_WIDTH,
        height: CELL_HEIGHT,
    }
}

fn lay_out(font: &Font, sheet: &CodeSheet) -> Result<Vec<Page>, RenderError> {
    let name = tournament_name(sheet);
    let team_pages = sheet.teams.len().div_ceil(CARDS_PER_PAGE);
    let staff_pages = sheet.staff.len().div_ceil(CARDS_PER_PAGE).max(1);
    let total = team_pages + staff_pages;
    let mut pages = Vec::with_capacity(total);
    for (n, chunk) in sheet.teams.chunks(CARDS_PER_PAGE).enumerate() {
        let mut page = Page::default();
        let heading = format!("{name} — коды команд");
        header(font, &mut page, &heading, false, n + 1, total);
        for (i, team) in chunk.iter().enumerate() {
            team_card(font, &mut page, cell(i), team, sheet.wifi.as_deref())?;
        }
        cut_lines(&mut page, chunk.len());
        pages.push(page);
    }
    let staff: Vec<&[StaffCard]> = if sheet.staff.is_empty() {
        vec![&[]]
    } else {
        sheet.staff.chunks(CARDS_PER_PAGE).collect()
    };
    for (n, chunk) in staff.into_iter().enumerate() {
        let mut page = Page::default();
        let heading = format!("{STAFF_WARNING} — коды ведущего, судей, жюри и проектора");
        header(font, &mut page, &heading, true, team_pages + n + 1, total);
        for (i, card) in chunk.iter().enumerate() {
            staff_card(font, &mut page, cell(i), card)?;
        }
        cut_lines(&mut page, chunk.len());
        pages.push(page);
    }
    Ok(pages)
}

/// The page's heading above the grid and «стр. N из M» at its right.
fn header(font: &Font, page: &mut Page, text: &str, bold: bool, number: usize, total: usize) {
    let size = 11.0;
    let y = PAGE_HEIGHT - MARGIN - size - 4.0;
    let count = format!("стр. {number} из {total}");
    let count_width = font.width(&count, 8.0);
    let room = PAGE_WIDTH - 2.0 * MARGIN - count_width - 12.0;
    let line = match wrap(font, text, size, room).as_slice() {
        [one] => one.clone(),
        [first, ..] => format!("{first} …"),
        [] => String::new(),
    };
    put(font, page, MARGIN, y, size, bold, line);
    page.runs.push(Run {
        x: PAGE_WIDTH - MARGIN - count_width,
        y,
        size: 8.0,
        bold: false,
        text: count,
        width: count_width,
    });
}

/// Dashed lines around and between the `cards` cells in use.
fn cut_lines(page: &mut Page, cards: usize) {
    if cards == 0 {
        return;
    }
    let rows = cards.div_ceil(COLUMNS);
    let top = PAGE_HEIGHT - MARGIN - HEADER;
    let bottom = top - rows as f32 * CELL_HEIGHT;
    let (left, right) = (MARGIN, PAGE_WIDTH - MARGIN);
    for r in 0..=rows {
        let y = top - r as f32 * CELL_HEIGHT;
        page.cuts.push(Rule {
            from: (left, y),
            to: (right, y),
        });
    }
    for c in 0..=COLUMNS {
        let x = MARGIN + c as f32 * CELL_WIDTH;
        page.cuts.push(Rule {
            from: (x, top),
            to: (x, bottom),
        });
    }
}

/// One line of text with its baseline at `y`.
fn put(font: &Font, page: &mut Page, x: f32, y: f32, size: f32, bold: bool, text: String) {
    let width = font.width(&text, size);
    page.runs.push(Run {
        x,
        y,
        size,
        bold,
        text,
        width,
    });
}

/// Lines of `text` from the baseline `y` down, at most `max_lines` (the
/// last one cut with «…»); the baseline below the last.
#[allow(clippy::too_many_arguments)]
fn paragraph(
    font: &Font,
    page: &mut Page,
    x: f32,
    y: f32,
    width: f32,
    size: f32,
    bold: bool,
    text: &str,
    max_lines: usize,
) -> f32 {
    let mut lines = wrap(font, text, size, width);
    if lines.len() > max_lines {
        lines.truncate(max_lines);
        if let Some(last) = lines.last_mut() {
            while !last.is_empty() && font.width(&format!("{last}…"), size) > width {
                last.pop();
            }
            last.push('…');
        }
    }
    let mut y = y;
    for line in lines {
        put(font, page, x, y, size, bold, line);
        y -= size * 1.25;
    }
    y
}

/// A team's card: the name (bold) and town on top; below, the QR at the
/// left and, at its right, the short code, the Wi-Fi and how to join.
fn team_card(
    font: &Font,
    page: &mut Page,
    cell: Cell,
    team: &TeamCard,
    wifi: Option<&str>,
) -> Result<(), RenderError> {
    let inner = cell.width - 2.0 * PAD;
    let x = cell.x + PAD;
    let top = cell.y + cell.height - PAD;
    let mut y = paragraph(font, page, x, top - 14.0, inner, 14.0, true, &team.name, 2);
    if !team.town.trim().is_empty() {
        y = paragraph(font, page, x, y, inner, 9.5, false, team.town.trim(), 1);
    }
    let qr_top = y + 4.0;
    let qr_side = (qr_top - cell.y - PAD).min(inner * 0.55);
    qr(page, &team.link, x, qr_top - qr_side, qr_side)?;
    let tx = x + qr_side + 8.0;
    let tw = cell.x + cell.width - PAD - tx;
    let mut y = qr_top - 14.0;
    put(font, page, tx, y, 8.0, false, "Короткий код".to_owned());
    y -= 19.0;
    y = paragraph(font, page, tx, y, tw, 16.0, true, &team.short_code, 1) - 4.0;
    let wifi = match wifi.map(str::trim).filter(|w| !w.is_empty()) {
        Some(wifi) => format!("Wi-Fi: {wifi}"),
        // A line to write it on, as long as the card has room for.
        None => {
            let mut line = "Wi-Fi: _".to_owned();
            while font.width(&format!("{line}_"), 8.5) <= tw {
                line.push('_');
            }
            line
        }
    };
    y = paragraph(font, page, tx, y, tw, 8.5, false, &wifi, 2) - 3.0;
    let how = match &team.site {
        Some(site) => {
            put(font, page, tx, y, 7.0, false, "В браузере:".to_owned());
            y = paragraph(font, page, tx, y - 9.0, tw, 8.0, true, site, 2) - 3.0;
            "Наведите камеру телефона на QR-код: игра откроется в браузере. \
             Или откройте этот адрес и введите короткий код."
        }
        None => "Minuta → «Войти по коду»: наведите камеру на QR-код или введите короткий код.",
    };
    paragraph(font, page, tx, y, tw, 7.0, false, how, 5);
    Ok(())
}

/// A staff card: the role, the warning, the QR, and at its right in small
/// print for typing (staff codes have no short form) what the QR carries
/// and, when that is the web link, the app's code too.
fn staff_card(
    font: &Font,
    page: &mut Page,
    cell: Cell,
    card: &StaffCard,
) -> Result<(), RenderError> {
    let inner = cell.width - 2.0 * PAD;
    let x = cell.x + PAD;
    let top = cell.y + cell.height - PAD;
    let mut y = paragraph(font, page, x, top - 13.0, inner, 13.0, true, &card.role, 2);
    y = paragraph(font, page, x, y, inner, 8.0, true, STAFF_WARNING, 1);
    let qr_top = y + 4.0;
    let qr_side = (qr_top - cell.y - PAD).min(inner * 0.55);
    qr(page, &card.link, x, qr_top - qr_side, qr_side)?;
    let tx = x + qr_side + 8.0;
    let tw = cell.x + cell.width - PAD - tx;
    if card.link == card.code {
        paragraph(
            font,
            page,
            tx,
            qr_top - 10.0,
            tw,
            6.0,
            false,
            &card.link,
            14,
        );
    } else {
        // The web link the QR opens, then the code for the app.
        let mut y = qr_top - 10.0;
        put(font, page, tx, y, 6.0, true, "В браузере:".to_owned());
        y = paragraph(font, page, tx, y - 7.5, tw, 6.0, false, &card.link, 6) - 2.0;
        put(
            font,
            page,
            tx,
            y,
            6.0,
            true,
            "В приложении Minuta:".to_owned(),
        );
        paragraph(font, page, tx, y - 7.5, tw, 6.0, false, &card.code, 7);
    }
    Ok(())
}

/// The QR of `text` in a `side`-point square whose lower left corner is
/// (`x`, `y`), quiet zone included: each row's runs of dark modules as one
/// filled rectangle.
fn qr(page: &mut Page, text: &str, x: f32, y: f32, side: f32) -> Result<(), RenderError> {
    let code = QrCode::new(text.as_bytes()).map_err(|e| RenderError::Qr(e.to_string()))?;
    let width = code.width();
    let module = side / (width + 2 * QUIET) as f32;
    let colors = code.to_colors();
    for (row, modules) in colors.chunks(width).enumerate() {
        let top = y + side - (row + QUIET) as f32 * module;
        let mut column = 0;
        while column < width {
            if modules[column] != qrcode::Color::Dark {
                column += 1;
                continue;
            }
            let start = column;
            while column < width && modules[column] == qrcode::Color::Dark {
                column += 1;
            }
            page.fills.push(Fill {
                x: x + (start + QUIET) as f32 * module,
                y: top - module,
                width: (column - start) as f32 * module,
                height: module,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sheet(teams: usize) -> CodeSheet {
        let link = |n: usize| {
            format!(
                "minuta://192.168.1.10:4433/team-{n}/s3cr3t{n}?fp={}",
                "ab".repeat(32)
            )
        };
        CodeSheet {
            tournament: "Кубок Минуты".to_owned(),
            wifi: Some("Minuta / 12345678".to_owned()),
            teams: (1..=teams)
                .map(|n| TeamCard {
                    name: format!("Команда номер {n}"),
                    town: "Москва".to_owned(),
                    link: link(n),
                    short_code: "K7QM-4H2X".to_owned(),
                    site: None,
                })
                .collect(),
            staff: vec![
                StaffCard {
                    role: "Проектор (экран зала)".to_owned(),
                    link: link(100),
                    code: link(100),
                },
                StaffCard {
                    role: "Ведущий".to_owned(),
                    link: link(101),
                    code: link(101),
                },
            ],
        }
    }

    fn texts(page: &Page) -> Vec<&str> {
        page.runs.iter().map(|r| r.text.as_str()).collect()
    }

    #[test]
    fn forty_teams_take_five_pages_of_eight_cards_then_the_staff_page() {
        let pages = layout(&sheet(40)).unwrap();

        assert_eq!(pages.len(), 6);
        for page in &pages[..5] {
            let names = texts(page)
                .iter()
                .filter(|t| t.starts_with("Команда номер"))
                .count();
            assert_eq!(names, 8);
        }
        assert!(texts(&pages[5]).iter().any(|t| t.contains(STAFF_WARNING)));
        assert!(texts(&pages[5]).contains(&"Ведущий"));
        assert!(!texts(&pages[4]).iter().any(|t| t.contains(STAFF_WARNING)));
    }

    #[test]
    fn nothing_is_placed_outside_its_card_or_the_page() {
        let mut s = sheet(9);
        s.teams[0].name =
            "Очень длинное название команды, которое не помещается в одну строку карточки никак"
                .to_owned();
        let pages = layout(&s).unwrap();

        for page in &pages {
            for run in &page.runs {
                assert!(
                    run.x >= MARGIN && run.x + run.width <= PAGE_WIDTH - MARGIN + 0.1,
                    "{run:?}"
                );
                assert!(run.y >= MARGIN, "{run:?}");
            }
            for fill in &page.fills {
                assert!(fill.x >= MARGIN && fill.x + fill.width <= PAGE_WIDTH - MARGIN);
                assert!(fill.y >= MARGIN);
            }
        }
    }

    /// The sheet of `sheet(1)`'s codes as the server makes its cards, with
    /// the web on port `web_port`.
    fn web_sheet(web_port: Option<u16>) -> CodeSheet {
        let code = |credential| JoinCode {
            addrs: vec![
                "127.0.0.1:4433".parse().unwrap(),
                "192.168.1.10:4433".parse().unwrap(),
            ],
            fingerprint: [0xab; 32],
            credential,
        };
        let team = code(Credential::Team {
            team: minuta_shared::ids::TeamId(1),
            secret: "s3cr3t1".into(),
        });
        let host = code(Credential::Host {
            secret: "h0st".into(),
        });
        CodeSheet {
            teams: vec![TeamCard::new(
                "Команда номер 1".into(),
                "Москва".into(),
                &team,
                "K7QM-4H2X".into(),
                web_port,
            )],
            staff: vec![StaffCard::new("Ведущий".into(), &host, web_port)],
            ..sheet(0)
        }
    }

    #[test]
    fn with_the_web_on_the_qr_is_the_web_link_on_the_halls_address() {
        let fp = "ab".repeat(32);
        let on = web_sheet(Some(8080));
        let team = &on.teams[0];
        assert_eq!(
            team.link,
            format!("http://192.168.1.10:8080/#team-1/s3cr3t1?fp={fp}")
        );
        assert_eq!(team.site.as_deref(), Some("http://192.168.1.10:8080"));
        let host = &on.staff[0];
        assert_eq!(
            host.link,
            format!("http://192.168.1.10:8080/#host/h0st?fp={fp}")
        );
        assert_eq!(
            host.code,
            format!("minuta://127.0.0.1:4433,192.168.1.10:4433/host/h0st?fp={fp}")
        );

        let off = web_sheet(None);
        assert_eq!(
            off.teams[0].link,
            format!("minuta://127.0.0.1:4433,192.168.1.10:4433/team-1/s3cr3t1?fp={fp}")
        );
        assert_eq!(off.teams[0].site, None);
        assert_eq!(off.staff[0].link, off.staff[0].code);
    }

    /// The dark modules the page's squares draw, row by row: the finder
    /// patterns make the squares' bounding box exactly the code's width.
    fn modules_drawn(page: &Page, width: usize) -> Vec<bool> {
        let left = page.fills.iter().map(|f| f.x).fold(f32::MAX, f32::min);
        let right = page.fills.iter().map(|f| f.x + f.width).fold(0.0, f32::max);
        let top = page
            .fills
            .iter()
            .map(|f| f.y + f.height)
            .fold(0.0, f32::max);
        let module = (right - left) / width as f32;
        let mut dark = vec![false; width * width];
        for fill in &page.fills {
            let row = ((top - fill.y - fill.height) / module).round() as usize;
            let from = ((fill.x - left) / module).round() as usize;
            let count = (fill.width / module).round() as usize;
            for column in from..from + count {
                dark[row * width + column] = true;
            }
        }
        dark
    }

    #[test]
    fn the_qr_squares_on_a_team_card_are_those_of_its_web_link() {
        let sheet = web_sheet(Some(8080));
        let link = &sheet.teams[0].link;
        let pages = layout(&sheet).unwrap();

        let code = QrCode::new(link.as_bytes()).unwrap();
        let want: Vec<bool> = code
            .to_colors()
            .iter()
            .map(|c| *c == qrcode::Color::Dark)
            .collect();
        assert!(link.starts_with("http://192.168.1.10:8080/#team-1/"));
        assert_eq!(modules_drawn(&pages[0], code.width()), want);
    }

    #[test]
    fn a_team_card_prints_the_web_page_address_and_a_staff_card_both_codes() {
        let sheet = web_sheet(Some(8080));
        let pages = layout(&sheet).unwrap();

        let team = texts(&pages[0]);
        assert!(team.contains(&"http://192.168.1.10:8080"), "{team:?}");
        assert!(team.iter().any(|t| t.contains("браузере")), "{team:?}");
        let staff = texts(&pages[1]).concat();
        assert!(staff.contains(&sheet.staff[0].link), "{staff}");
        assert!(staff.contains(&sheet.staff[0].code), "{staff}");
    }

    #[test]
    fn a_card_without_wifi_leaves_a_line_to_write_it_on() {
        let mut s = sheet(1);
        s.wifi = None;
        let pages = layout(&s).unwrap();

        assert!(texts(&pages[0]).iter().any(|t| t.starts_with("Wi-Fi: ___")));
    }

    #[test]
    fn every_page_of_cards_has_cut_lines_and_qr_squares() {
        let pages = layout(&sheet(3)).unwrap();

        assert!(
            pages
                .iter()
                .all(|p| !p.cuts.is_empty() && !p.fills.is_empty())
        );
        assert!(render(&sheet(3)).unwrap().starts_with(b"%PDF"));
    }
}
