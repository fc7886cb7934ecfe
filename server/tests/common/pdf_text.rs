//! A PDF read back as a reader reads it, for the tests of the PDFs the
//! server writes: its streams inflated, each page's text through the
//! font's ToUnicode map, the number of pages.

use std::collections::BTreeMap;
use std::io::Read;

/// A PDF's streams, inflated when deflated, each with its dictionary.
pub fn streams(pdf: &[u8]) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut rest = pdf;
    while let Some(start) = find(rest, b"stream\n") {
        // The stream's whole object: its dictionary may hold others.
        let dict_start = rfind(&rest[..start], b" obj").unwrap();
        let dict = String::from_utf8_lossy(&rest[dict_start..start]).into_owned();
        let length: usize = dict
            .split("/Length ")
            .nth(1)
            .and_then(|l| l.split_whitespace().next())
            .and_then(|n| n.trim_end_matches(">>").parse().ok())
            .unwrap();
        let body = &rest[start + b"stream\n".len()..];
        let raw = &body[..length];
        let end = length + find(&body[length..], b"endstream").unwrap() + b"endstream".len();
        let data = if dict.contains("/FlateDecode") {
            let mut inflated = Vec::new();
            flate2::read::ZlibDecoder::new(raw)
                .read_to_end(&mut inflated)
                .unwrap();
            inflated
        } else {
            raw.to_vec()
        };
        out.push((dict, data));
        rest = &body[end..];
    }
    out
}

pub fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

pub fn rfind(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).rposition(|w| w == needle)
}

/// The ToUnicode map: glyph id → the text it stands for.
pub fn to_unicode(cmap: &[u8]) -> BTreeMap<u16, String> {
    let text = String::from_utf8_lossy(cmap);
    let mut map = BTreeMap::new();
    let mut inside = false;
    for line in text.lines() {
        if line.ends_with("beginbfchar") {
            inside = true;
        } else if line == "endbfchar" {
            inside = false;
        } else if inside {
            let hex: Vec<&str> = line
                .split(['<', '>', ' '])
                .filter(|s| !s.is_empty())
                .collect();
            let glyph = u16::from_str_radix(hex[0], 16).unwrap();
            let units: Vec<u16> = (0..hex[1].len() / 4)
                .map(|i| u16::from_str_radix(&hex[1][4 * i..4 * i + 4], 16).unwrap())
                .collect();
            map.insert(glyph, String::from_utf16(&units).unwrap());
        }
    }
    map
}

/// The strings a content stream shows (`Tj`), literal or hex, in order.
pub fn shown_strings(content: &[u8]) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < content.len() {
        match content[i] {
            b'(' => {
                let mut s = Vec::new();
                let mut depth = 1;
                i += 1;
                while i < content.len() {
                    match content[i] {
                        b'\\' => {
                            i += 1;
                            match content[i] {
                                b'n' => s.push(b'\n'),
                                b'r' => s.push(b'\r'),
                                b't' => s.push(b'\t'),
                                b'b' => s.push(8),
                                b'f' => s.push(12),
                                d @ b'0'..=b'7' => {
                                    let mut v = u32::from(d - b'0');
                                    for _ in 0..2 {
                                        match content.get(i + 1) {
                                            Some(d @ b'0'..=b'7') => {
                                                v = v * 8 + u32::from(d - b'0');
                                                i += 1;
                                            }
                                            _ => break,
                                        }
                                    }
                                    s.push(v as u8);
                                }
                                other => s.push(other),
                            }
                        }
                        b'(' => {
                            depth += 1;
                            s.push(b'(');
                        }
                        b')' => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                            s.push(b')');
                        }
                        b => s.push(b),
                    }
                    i += 1;
                }
                out.push(s);
            }
            b'<' if content.get(i + 1) != Some(&b'<') => {
                let end = i + content[i..].iter().position(|b| *b == b'>').unwrap();
                let hex = String::from_utf8_lossy(&content[i + 1..end]).into_owned();
                let bytes = (0..hex.len() / 2)
                    .map(|k| u8::from_str_radix(&hex[2 * k..2 * k + 2], 16).unwrap())
                    .collect();
                out.push(bytes);
                i = end;
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// Each page's text as a reader extracts it: one line per shown string,
/// its two-byte glyph ids read back through the ToUnicode map.
pub fn pdf_pages(pdf: &[u8]) -> Vec<Vec<String>> {
    let streams = streams(pdf);
    let cmap = streams
        .iter()
        .find(|(_, data)| find(data, b"beginbfchar").is_some())
        .map(|(_, data)| to_unicode(data))
        .expect("a ToUnicode map");
    streams
        .iter()
        .filter(|(dict, data)| !dict.contains("/Length1") && find(data, b" Tj").is_some())
        .map(|(_, data)| {
            shown_strings(data)
                .iter()
                .map(|s| {
                    s.chunks(2)
                        .map(|g| cmap[&u16::from_be_bytes([g[0], g[1]])].as_str())
                        .collect()
                })
                .collect()
        })
        .collect()
}

pub fn page_count(pdf: &[u8]) -> usize {
    pdf.windows(b"/Type /Page".len() + 1)
        .filter(|w| w.starts_with(b"/Type /Page") && w[w.len() - 1] != b's')
        .count()
}

pub fn assert_is_pdf(pdf: &[u8]) {
    assert!(pdf.starts_with(b"%PDF-"), "{:?}", &pdf[..20.min(pdf.len())]);
    assert!(pdf.trim_ascii_end().ends_with(b"%%EOF"));
}
