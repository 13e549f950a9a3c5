//! `qigui book`: the HTML rulebook. Every page is plain HTML without
//! scripts, every link and anchor resolves, every clause of every edition
//! has its place, every 棋例 figure has a board, its moves with the book's
//! labels and its verdict under each edition — and a figure page, rendered
//! in headless Chromium, shows the board: red pieces in the lower half,
//! black's dark pieces in the upper half, on a board of the right shape.
//! Without Chromium that last test says so and is skipped.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use qigui::book;
use qigui::corpus::Corpus;
use qigui::edition::GameKind;

fn corpus() -> Corpus {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("cases");
    qigui::corpus::load(&[root]).expect("the corpus loads")
}

fn pages() -> BTreeMap<String, String> {
    book::render(&corpus())
        .expect("renders")
        .files
        .into_iter()
        .collect()
}

fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && i + 2 < bytes.len()
            && let Ok(b) = u8::from_str_radix(&s[i + 1..i + 3], 16)
        {
            out.push(b);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8(out).expect("UTF-8")
}

/// The values of `attr="..."` in a page.
fn attrs<'a>(page: &'a str, attr: &str) -> Vec<&'a str> {
    let pat = format!(" {attr}=\"");
    page.match_indices(&pat)
        .filter_map(|(i, _)| {
            let rest = &page[i + pat.len()..];
            rest.find('"').map(|e| &rest[..e])
        })
        .collect()
}

fn unescape(s: &str) -> String {
    s.replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

#[test]
fn pages_have_no_scripts_and_every_link_resolves() {
    let pages = pages();
    assert!(pages.contains_key("index.html") && pages.contains_key("style.css"));
    let ids: BTreeMap<&str, BTreeSet<String>> = pages
        .iter()
        .map(|(name, text)| {
            (
                name.as_str(),
                attrs(text, "id").into_iter().map(unescape).collect(),
            )
        })
        .collect();
    let mut broken = Vec::new();
    for (name, text) in &pages {
        if !name.ends_with(".html") {
            continue;
        }
        assert!(
            !text.to_lowercase().contains("<script"),
            "{name} has a script"
        );
        assert!(!text.contains(" onclick="), "{name} has an event handler");
        assert!(text.starts_with("<!DOCTYPE html>"), "{name}");
        // Ids are unique within a page.
        let all = attrs(text, "id");
        let unique: BTreeSet<&str> = all.iter().copied().collect();
        assert_eq!(all.len(), unique.len(), "{name}: duplicate ids");
        for href in attrs(text, "href") {
            let (file, fragment) = match href.split_once('#') {
                Some((f, frag)) => (f, Some(frag)),
                None => (href, None),
            };
            let file = if file.is_empty() {
                name.clone()
            } else {
                percent_decode(file)
            };
            match ids.get(file.as_str()) {
                None => broken.push(format!("{name}: {href} (no such page)")),
                Some(page_ids) => {
                    if let Some(f) = fragment
                        && !page_ids.contains(&percent_decode(f))
                    {
                        broken.push(format!("{name}: {href} (no such anchor)"));
                    }
                }
            }
        }
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

#[test]
fn every_clause_of_every_edition_has_its_place() {
    let pages = pages();
    for e in qigui::Edition::all() {
        let page = &pages[&book::edition_file(e.id)];
        let ids: BTreeSet<String> = attrs(page, "id").into_iter().map(unescape).collect();
        for c in e.clauses().ids() {
            assert!(ids.contains(&format!("c-{c}")), "{}: clause {c}", e.id);
        }
    }
    // A case shows its expected value under every edition it applies to.
    let page = &pages[&book::edition_file("xiangqi-2020")];
    let at = page
        .find("id=\"xiangqi-2020/图10/labels\"")
        .expect("图10's label case");
    let block = &page[at..at + page[at..].find("</div>").expect("end")];
    for ed in ["xiangqi-2020", "xiangqi-2020-mass", "xiangqi-1999"] {
        assert!(block.contains(&format!("<code>{ed}</code>")), "{ed}");
    }
    assert!(block.contains("双方不变作和 (draw)"));
    assert!(block.contains("红方变着，不变作负 (red_must_change)"));
    // The errata page carries every erratum with its anchor.
    let errata = &pages["errata.html"];
    for id in qigui::corpus::erratum_ids() {
        assert!(errata.contains(&format!("<h2 id=\"{id}\">")), "{id}");
    }
}

#[test]
fn every_qili_figure_has_its_board_moves_labels_and_verdicts() {
    let corpus = corpus();
    let book = book::render(&corpus).expect("renders");
    let pages: BTreeMap<String, String> = book.files.into_iter().collect();
    let names: BTreeSet<String> = corpus
        .cases
        .iter()
        .filter(|c| c.raw.kind.name() == "move-labels")
        .filter_map(|c| c.raw.figure.clone())
        .collect();
    assert_eq!(names.len(), 79, "图2–30 and 参考图1–50");
    for name in &names {
        let file = book::figure_file(GameKind::Xiangqi, name);
        assert!(
            book.figures
                .iter()
                .any(|(g, n, f)| *g == GameKind::Xiangqi && n == name && *f == file)
        );
        let page = &pages[&file];
        let case = corpus
            .cases
            .iter()
            .find(|c| c.raw.figure.as_ref() == Some(name) && c.raw.kind.name() == "move-labels")
            .expect("position case");
        // The board: as many pieces of each side as the FEN has.
        let fen = case.raw.input["fen"].as_str().expect("fen");
        let board = fen.split(' ').next().expect("board");
        let red = board.chars().filter(char::is_ascii_uppercase).count();
        let black = board.chars().filter(char::is_ascii_lowercase).count();
        assert_eq!(page.matches("class=\"piece red\"").count(), red, "{name}");
        assert_eq!(
            page.matches("class=\"piece black\"").count(),
            black,
            "{name}"
        );
        assert_eq!(page.matches("<svg").count(), 1, "{name}");
        // The moves, each with the book's label.
        let labels: Vec<&str> = case.raw.expected["labels"]
            .as_array()
            .expect("labels")
            .iter()
            .filter_map(|l| l.as_str())
            .collect();
        let cells: Vec<String> = page
            .match_indices("<td class=\"label\">")
            .map(|(i, m)| {
                let rest = &page[i + m.len()..];
                unescape(&rest[..rest.find("</td>").expect("cell")])
            })
            .collect();
        assert_eq!(cells, labels, "{name}");
        // The verdict under each edition.
        for ed in ["xiangqi-2020", "xiangqi-2020-mass", "xiangqi-1999"] {
            assert!(
                page.contains(&format!("<code>{ed}</code></a></td><td>")),
                "{name}: no verdict row for {ed}"
            );
        }
    }
    // 图10: a draw under 1999 (26.3), red must change under 2020 (26.9).
    let page = &pages[&book::figure_file(GameKind::Xiangqi, "图10")];
    assert!(page.contains("马七进六"));
    assert!(page.contains("24.2, 26.3, 4.2.3"));
}

#[test]
fn the_book_command_writes_the_files() {
    let dir = fresh_dir("cli");
    let out = Command::new(env!("CARGO_BIN_EXE_qigui"))
        .args(["book", "--out"])
        .arg(&dir)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for f in [
        "index.html",
        "style.css",
        "errata.html",
        "rules.html",
        "figure-xiangqi-fig10.html",
        "figure-xiangqi-ref50.html",
        "diff-xiangqi-1999--xiangqi-2020.html",
        "edition-gomoku-campus-2012.html",
    ] {
        assert!(dir.join(f).is_file(), "{f}");
    }
    let _ = std::fs::remove_dir_all(&dir);
    let out = Command::new(env!("CARGO_BIN_EXE_qigui"))
        .args(["book"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
}

fn fresh_dir(tag: &str) -> PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    let dir = std::env::temp_dir().join(format!("qigui-book-{tag}-{}-{nanos}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Chromium: `QIGUI_CHROMIUM`, else the first of the usual names on PATH.
fn chromium() -> Result<PathBuf, String> {
    if let Some(p) = std::env::var_os("QIGUI_CHROMIUM") {
        let p = PathBuf::from(p);
        return if p.is_file() {
            Ok(p)
        } else {
            Err(format!("QIGUI_CHROMIUM={} is not a file", p.display()))
        };
    }
    let names = ["chromium", "chromium-browser", "google-chrome"];
    let path = std::env::var_os("PATH").unwrap_or_default();
    for dir in std::env::split_paths(&path) {
        for n in names {
            let p = dir.join(n);
            if p.is_file() {
                return Ok(p);
            }
        }
    }
    Err(format!(
        "none of {} on PATH (install Debian's chromium package: apt-get install -y chromium)",
        names.join(", ")
    ))
}

fn screenshot(browser: &Path, page: &Path, png: &Path, profile: &Path) -> Result<(), String> {
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--force-device-scale-factor=1",
            "--window-size=1200,1100",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--screenshot={}", png.display()))
        .arg(format!("file://{}", page.display()))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", browser.display()))?;
    let start = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(status)) if status.success() => return Ok(()),
            Ok(Some(status)) => {
                let mut err = String::new();
                if let Some(mut e) = child.stderr.take() {
                    use std::io::Read;
                    let _ = e.read_to_string(&mut err);
                }
                return Err(format!("chromium exited with {status}: {err}"));
            }
            Ok(None) if start.elapsed() > Duration::from_secs(120) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err("chromium took more than 120 s".into());
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(100)),
            Err(e) => return Err(e.to_string()),
        }
    }
}

struct Image {
    width: usize,
    height: usize,
    rgb: Vec<[u8; 3]>,
}

fn decode(png_path: &Path) -> Image {
    let file = std::fs::File::open(png_path).expect("the screenshot exists");
    let mut decoder = png::Decoder::new(std::io::BufReader::new(file));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size().expect("size")];
    let info = reader.next_frame(&mut buf).expect("a frame");
    let channels = info.color_type.samples();
    let rgb = buf[..info.buffer_size()]
        .chunks(channels)
        .map(|p| match channels {
            1 | 2 => [p[0], p[0], p[0]],
            _ => [p[0], p[1], p[2]],
        })
        .collect();
    Image {
        width: info.width as usize,
        height: info.height as usize,
        rgb,
    }
}

fn near(p: [u8; 3], q: [u8; 3], tolerance: i32) -> bool {
    p.iter()
        .zip(q)
        .all(|(a, b)| (i32::from(*a) - i32::from(b)).abs() <= tolerance)
}

fn hex(c: &str) -> [u8; 3] {
    let v = u32::from_str_radix(c.trim_start_matches('#'), 16).expect("hex colour");
    [(v >> 16) as u8, (v >> 8) as u8, v as u8]
}

#[test]
fn a_figure_page_shows_the_board_in_headless_chromium() {
    let browser = match chromium() {
        Ok(b) => b,
        Err(reason) => {
            // Written past the test harness's capture, so that it shows.
            let _ = writeln!(
                std::io::stderr(),
                "SKIPPED a_figure_page_shows_the_board_in_headless_chromium: {reason}"
            );
            return;
        }
    };
    let dir = fresh_dir("chromium");
    let corpus = corpus();
    book::write(&corpus, &dir.join("book")).expect("writes the book");
    let png_path = dir.join("figure.png");
    let page = dir
        .join("book")
        .join(book::figure_file(GameKind::Xiangqi, "图10"));
    screenshot(&browser, &page, &png_path, &dir.join("profile")).expect("a screenshot");
    let img = decode(&png_path);
    assert_eq!((img.width, img.height), (1200, 1100));
    let at = |x: usize, y: usize| img.rgb[y * img.width + x];

    // Not blank: many colours.
    let colours: BTreeSet<[u8; 3]> = img.rgb.iter().copied().collect();
    assert!(colours.len() > 50, "only {} colours", colours.len());

    // The board: the bounding box of the rows and columns where its colour
    // is the background (200 pixels or more), of the SVG's shape.
    let board = hex(book::colours::BOARD);
    let mut rows = vec![0usize; img.height];
    let mut cols = vec![0usize; img.width];
    let mut board_pixels = 0;
    for (i, &p) in img.rgb.iter().enumerate() {
        if near(p, board, 6) {
            board_pixels += 1;
            rows[i / img.width] += 1;
            cols[i % img.width] += 1;
        }
    }
    let span = |v: &[usize]| {
        let first = v.iter().position(|&n| n >= 200);
        let last = v.iter().rposition(|&n| n >= 200);
        first
            .zip(last)
            .expect("the board's colour fills rows and columns")
    };
    let ((x0, x1), (y0, y1)) = (span(&cols), span(&rows));
    assert!(
        board_pixels > 100_000,
        "board colour on {board_pixels} pixels"
    );
    let (w, h) = ((x1 - x0 + 1) as f64, (y1 - y0 + 1) as f64);
    // The SVG is 8 + 2 margins by 9 + 2 margins cells: 504 × 552.
    assert!(
        (w - 504.0).abs() <= 4.0 && (h - 552.0).abs() <= 4.0,
        "board {w}×{h}"
    );

    // Inside it: red pieces (ring and character) in the lower half, black's
    // dark pieces in the upper half, and dark lines.
    let red = hex(book::colours::RED);
    let black = hex(book::colours::BLACK);
    let mid = (y0 + y1) / 2;
    let (mut red_low, mut red_high, mut black_low, mut black_high) = (0, 0, 0, 0);
    let mut dark = 0;
    for y in y0..=y1 {
        for x in x0..=x1 {
            let p = at(x, y);
            if near(p, red, 40) {
                if y > mid {
                    red_low += 1;
                } else {
                    red_high += 1;
                }
            }
            if near(p, black, 12) {
                if y > mid {
                    black_low += 1;
                } else {
                    black_high += 1;
                }
            }
            if p.iter().all(|&c| c < 90) {
                dark += 1;
            }
        }
    }
    println!(
        "board {x0}..{x1} × {y0}..{y1}; red {red_low} low, {red_high} high; black {black_high} high, {black_low} low; dark {dark}"
    );
    // 图10: 12 red pieces, all on red's half; 13 black, all on black's.
    assert!(
        red_low > 12 * 150,
        "red pixels in the lower half: {red_low}"
    );
    assert!(
        red_high < red_low / 20,
        "red pixels in the upper half: {red_high}"
    );
    assert!(
        black_high > 13 * 800,
        "black pixels in the upper half: {black_high}"
    );
    assert!(
        black_low < black_high / 20,
        "black pixels in the lower half: {black_low}"
    );
    assert!(dark > black_high, "dark pixels (pieces and lines): {dark}");
    let _ = std::fs::remove_dir_all(&dir);
}
