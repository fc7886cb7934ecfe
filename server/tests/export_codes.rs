//! `minuta-server export --format codes`: the join codes on paper for a
//! 40-team evening — five pages of eight team cards, then the staff's page
//! marked «не раздавать командам» — read back as a PDF reader reads it; the
//! address taken from `--address` or from the last serve (with its web
//! port: then every QR is the code's web link for a browser); and the
//! store read, never written, even on read-only media.

use crate::common;

use std::path::Path;
use std::process::Output;

use minuta_server::core::{Core, ServerInfo};
use minuta_server::{hall_address, store};
use minuta_shared::join_code::{JoinCode, fingerprint_hex};
use minuta_shared::lan::ShortCode;
use minuta_shared::wire::client::Command;

use common::hall::Hall;
use common::pdf_text::{assert_is_pdf, page_count, pdf_pages};

/// «Кубок Минуты» with `teams` teams, «Команда 1» … from Тверь, and a judge.
fn evening(dir: &Path, teams: usize) {
    let mut hall = Hall::new();
    hall.host(Command::SetUpTournament {
        name: "Кубок Минуты".into(),
        settings: Default::default(),
    });
    for n in 1..=teams {
        hall.host(Command::RegisterTeam {
            rating_id: None,
            name: format!("Команда {n}"),
            town: "Тверь".into(),
            players: ["Аня", "Боря", "Вера", "Гоша"].map(String::from).into(),
        });
    }
    hall.host(Command::AddJudge {
        name: "Ольга".into(),
    });
    hall.store(dir);
}

fn codes(data: &Path, extra: &[&str]) -> Output {
    common::server()
        .args(["export", "--format", "codes", "--data"])
        .arg(data)
        .arg("--certs")
        .arg(data.join("certs"))
        .args(extra)
        .env("LANG", "C.UTF-8")
        .output()
        .unwrap()
}

fn written(output: &Output, file: &Path) -> Vec<u8> {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    std::fs::read(file).unwrap()
}

#[test]
fn forty_teams_print_on_five_pages_of_cards_and_a_staff_page() {
    let dir = tempfile::tempdir().unwrap();
    evening(dir.path(), 40);
    let out = dir.path().join("codes.pdf");

    let output = codes(
        dir.path(),
        &[
            "--address",
            "192.168.1.10:4433",
            "--wifi",
            "Minuta / 12345678",
            "--out",
            out.to_str().unwrap(),
        ],
    );

    let pdf = written(&output, &out);
    assert_is_pdf(&pdf);
    assert_eq!(page_count(&pdf), 6);
    let pages = pdf_pages(&pdf);
    assert_eq!(pages.len(), 6);
    for (i, page) in pages[..5].iter().enumerate() {
        let names = page.iter().filter(|l| l.starts_with("Команда ")).count();
        assert_eq!(names, 8, "page {}: {page:?}", i + 1);
        assert!(page.iter().any(|l| l == "Тверь"), "{page:?}");
        assert!(
            page.iter().any(|l| l == "Wi-Fi: Minuta / 12345678"),
            "{page:?}"
        );
        assert!(!page.iter().any(|l| l.contains("НЕ РАЗДАВАТЬ")), "{page:?}");
    }
    let staff = pages[5].join("\n");
    for role in [
        "НЕ РАЗДАВАТЬ КОМАНДАМ",
        "Проектор",
        "Ведущий",
        "Судья: Ольга",
        "Апелляционное жюри",
    ] {
        assert!(staff.contains(role), "{role}: {staff}");
    }
    assert!(pages[0].iter().any(|l| l.contains("Кубок Минуты")));
}

#[test]
fn a_card_says_the_short_code_and_the_staff_page_the_codes_the_server_gives() {
    let dir = tempfile::tempdir().unwrap();
    evening(dir.path(), 2);
    let out = dir.path().join("codes.pdf");

    let pdf = written(
        &codes(
            dir.path(),
            &["--address", "10.0.0.5:4433", "--out", out.to_str().unwrap()],
        ),
        &out,
    );

    // The certificate made in --certs, as `serve` would have made it.
    let fingerprint = minuta_server::net::tls::load_or_create(&dir.path().join("certs"))
        .unwrap()
        .fingerprint;
    let mut core = Core::new(ServerInfo::default());
    let events = store::load(dir.path()).unwrap();
    minuta_server::replay_stored(&mut core, &events, &store::db_path(dir.path())).unwrap();
    let pages = pdf_pages(&pdf);
    for team in core.registry().teams.values() {
        let short = ShortCode::for_team(&fingerprint, &team.secret).to_string();
        assert!(pages[0].contains(&short), "{short}: {:?}", pages[0]);
    }
    // The staff's codes are printed whole, for typing.
    let staff = pages[1].concat();
    let host = format!(
        "minuta://10.0.0.5:4433/host/{}?fp={}",
        core.registry().host_secret,
        fingerprint_hex(&fingerprint)
    );
    assert!(staff.contains(&host), "{host}\n{staff}");
    assert!(JoinCode::parse(&host).is_ok());
}

#[test]
fn without_address_the_one_the_server_last_served_at_is_used() {
    let dir = tempfile::tempdir().unwrap();
    evening(dir.path(), 1);
    let certs = minuta_server::net::tls::load_or_create(&dir.path().join("certs")).unwrap();
    hall_address::record(
        dir.path(),
        &["192.168.7.7:5000".parse().unwrap()],
        &certs.fingerprint,
        None,
    )
    .unwrap();
    let out = dir.path().join("codes.pdf");

    let pdf = written(&codes(dir.path(), &["--out", out.to_str().unwrap()]), &out);

    let staff = pdf_pages(&pdf)[1].concat();
    assert!(staff.contains("minuta://192.168.7.7:5000/"), "{staff}");
}

/// The texts of the QR codes on the PDF's pages, read by `zbarimg` from
/// `pdftoppm`'s rendering; `None` when either tool is not installed.
fn qr_texts(pdf_file: &Path) -> Option<Vec<String>> {
    let dir = pdf_file.parent().unwrap();
    let rendered = std::process::Command::new("pdftoppm")
        .args(["-r", "150", "-png"])
        .arg(pdf_file)
        .arg(dir.join("page"))
        .status()
        .ok()?;
    assert!(rendered.success());
    let mut pages: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "png"))
        .collect();
    pages.sort();
    let read = std::process::Command::new("zbarimg")
        .args(["--quiet", "--raw", "-Sdisable", "-Sqrcode.enable"])
        .args(&pages)
        .output()
        .ok()?;
    let text = String::from_utf8(read.stdout).unwrap();
    Some(text.lines().map(str::to_owned).collect())
}

#[test]
fn with_the_web_served_every_qr_is_the_codes_web_link() {
    let dir = tempfile::tempdir().unwrap();
    evening(dir.path(), 2);
    let certs = minuta_server::net::tls::load_or_create(&dir.path().join("certs")).unwrap();
    hall_address::record(
        dir.path(),
        &[
            "127.0.0.1:5000".parse().unwrap(),
            "192.168.7.7:5000".parse().unwrap(),
        ],
        &certs.fingerprint,
        Some(8080),
    )
    .unwrap();
    let out = dir.path().join("codes.pdf");

    let pdf = written(&codes(dir.path(), &["--out", out.to_str().unwrap()]), &out);

    let fp = fingerprint_hex(&certs.fingerprint);
    let pages = pdf_pages(&pdf);
    // The team card: the web page's address, to type with a short code.
    assert!(
        pages[0].iter().any(|l| l == "http://192.168.7.7:8080"),
        "{:?}",
        pages[0]
    );
    let mut core = Core::new(ServerInfo::default());
    let events = store::load(dir.path()).unwrap();
    minuta_server::replay_stored(&mut core, &events, &store::db_path(dir.path())).unwrap();
    let host_secret = &core.registry().host_secret;
    // The staff card: the web link and the app's code, both whole.
    let staff = pages[1].concat();
    let web = format!("http://192.168.7.7:8080/#host/{host_secret}?fp={fp}");
    assert!(staff.contains(&web), "{web}\n{staff}");
    let app = format!("minuta://127.0.0.1:5000,192.168.7.7:5000/host/{host_secret}?fp={fp}");
    assert!(staff.contains(&app), "{app}\n{staff}");

    // What a phone's camera reads off the paper.
    let Some(qrs) = qr_texts(&out) else {
        eprintln!("pdftoppm or zbarimg not installed: the QR codes are not read back");
        return;
    };
    let teams: Vec<String> = core
        .registry()
        .teams
        .values()
        .map(|t| {
            format!(
                "http://192.168.7.7:8080/#team-{}/{}?fp={fp}",
                t.id, t.secret
            )
        })
        .collect();
    for want in teams.iter().chain([&web]) {
        assert!(qrs.contains(want), "{want} not among {qrs:?}");
        let (_, fragment) = want.split_once('#').unwrap();
        let origin = "192.168.7.7:8080".parse().unwrap();
        assert!(JoinCode::from_fragment(fragment, origin).is_ok());
    }
    assert!(
        qrs.iter()
            .all(|q| q.starts_with("http://192.168.7.7:8080/#")),
        "{qrs:?}"
    );
}

#[test]
fn a_certificate_folder_not_the_servers_is_refused_before_printing() {
    let dir = tempfile::tempdir().unwrap();
    evening(dir.path(), 1);
    // The server served with another certificate than the one --certs
    // will make.
    hall_address::record(
        dir.path(),
        &["192.168.7.7:5000".parse().unwrap()],
        &[9; 32],
        None,
    )
    .unwrap();
    let out = dir.path().join("codes.pdf");

    let output = codes(dir.path(), &["--out", out.to_str().unwrap()]);

    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("is not the one the server last served with"),
        "{stderr}"
    );
    assert!(stderr.contains(&"09".repeat(32)), "{stderr}");
    assert!(!out.exists());
}

#[test]
fn without_address_and_never_served_the_operator_is_told_to_give_one() {
    let dir = tempfile::tempdir().unwrap();
    evening(dir.path(), 1);

    let output = codes(dir.path(), &["--out", "/dev/null"]);

    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("--address HOST:PORT"), "{stderr}");
}
