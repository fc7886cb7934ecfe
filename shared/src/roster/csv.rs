//! A CSV file's rows, each with the line it begins on: quoted fields (a
//! doubled quote inside), a line break inside quotes, and the separator a
//! Russian spreadsheet writes (`;`) told from a comma by the first line.
//! Text only: what the cells mean is `parse.rs`'s.

/// The rows of `text`, blank lines dropped, each with its first line's
/// number (from 1).
pub fn rows(text: &str) -> Vec<(u32, Vec<String>)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let separator = separator(text);
    let mut rows = Vec::new();
    let mut row: Vec<String> = Vec::new();
    let mut cell = String::new();
    let mut quoted = false;
    let mut line = 1u32;
    let mut row_line = 1u32;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted => {
                if chars.peek() == Some(&'"') {
                    chars.next();
                    cell.push('"');
                } else {
                    quoted = false;
                }
            }
            '"' if cell.trim().is_empty() => {
                cell.clear();
                quoted = true;
            }
            '\n' if quoted => {
                line += 1;
                cell.push('\n');
            }
            '\r' if !quoted => {}
            '\n' => {
                row.push(std::mem::take(&mut cell));
                push_row(&mut rows, row_line, std::mem::take(&mut row));
                line += 1;
                row_line = line;
            }
            c if c == separator && !quoted => row.push(std::mem::take(&mut cell)),
            c => cell.push(c),
        }
    }
    row.push(cell);
    push_row(&mut rows, row_line, row);
    rows
}

fn push_row(rows: &mut Vec<(u32, Vec<String>)>, line: u32, row: Vec<String>) {
    if row.iter().any(|c| !c.trim().is_empty()) {
        rows.push((line, row));
    }
}

/// `;` when the first line has more of them than commas (Excel's CSV in a
/// Russian locale), a tab for a tab-separated file, else `,`.
fn separator(text: &str) -> char {
    let first = text.lines().next().unwrap_or("");
    let count = |c: char| first.chars().filter(|x| *x == c).count();
    let (commas, semicolons, tabs) = (count(','), count(';'), count('\t'));
    if tabs > commas && tabs > semicolons {
        '\t'
    } else if semicolons > commas {
        ';'
    } else {
        ','
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_cells_keep_their_commas_and_quotes_and_rows_keep_their_lines() {
        let text = "1,\"Сборная, \"\"города\"\"\",Москва\n\n2,\"две\nстроки\",Тверь\r\n3;x\n";
        let got = rows(text);
        assert_eq!(
            got[0],
            (
                1,
                vec!["1".into(), "Сборная, \"города\"".into(), "Москва".into()]
            )
        );
        assert_eq!(
            got[1],
            (3, vec!["2".into(), "две\nстроки".into(), "Тверь".into()])
        );
        assert_eq!(got[2], (5, vec!["3;x".into()]));
    }

    #[test]
    fn a_russian_spreadsheet_separates_by_semicolons() {
        let got = rows("\u{feff}Знатоки;Москва;Иванов Иван\n");
        assert_eq!(got[0].1, vec!["Знатоки", "Москва", "Иванов Иван"]);
    }
}
