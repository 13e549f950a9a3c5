//! Symmetry (棋例 III): mirroring a figure left↔right must not change any
//! label or the verdict; swapping the colours (the board turned 180°, red and
//! black exchanged, the other side to move) must keep every label and swap
//! red and black in the verdict. Run over every figure of the 2020 book — a
//! check of qigui's own consistency, whether or not it yet agrees with the
//! book on the figure.

#[path = "../benches/common/figures.rs"]
mod figures;

use figures::{Figure, figures};
use qigui::Judgement;
use qigui::Limits;
use qigui::xiangqi::RepetitionRules;
use qigui::{Move, Position, Square};

fn run(start: &Position, moves: &[Move], key_points: &[Square], f: &Figure) -> Judgement {
    qigui::judge(
        start,
        moves,
        &RepetitionRules::XIANGQI_2020,
        f.sequence,
        f.points,
        key_points,
        &Limits::default(),
    )
}

fn labels(j: &Judgement) -> Vec<&'static str> {
    j.moves.iter().map(|m| m.analysis.label.code()).collect()
}

fn verdict(j: &Judgement) -> String {
    j.ruling
        .as_ref()
        .map(|r| r.verdict.code().to_string())
        .unwrap_or_else(|e| e.to_string())
}

#[test]
fn mirroring_keeps_labels_and_verdict() {
    let mut broken = Vec::new();
    for f in figures() {
        let base = run(&f.start, &f.moves, &f.key_points, &f);
        let m: Vec<Move> = f.moves.iter().map(|m| m.mirror_files()).collect();
        let k: Vec<Square> = f.key_points.iter().map(|s| s.mirror_files()).collect();
        let mirrored = run(&f.start.mirror_files(), &m, &k, &f);
        if labels(&base) != labels(&mirrored) || verdict(&base) != verdict(&mirrored) {
            broken.push(format!(
                "{}: {:?} {} vs mirrored {:?} {}",
                f.id,
                labels(&base),
                verdict(&base),
                labels(&mirrored),
                verdict(&mirrored)
            ));
        }
    }
    assert!(
        broken.is_empty(),
        "mirroring changed the judgement:\n{}",
        broken.join("\n")
    );
}

#[test]
fn swapping_colours_swaps_the_verdict() {
    let mut broken = Vec::new();
    for f in figures() {
        let base = run(&f.start, &f.moves, &f.key_points, &f);
        let m: Vec<Move> = f.moves.iter().map(|m| m.rotate()).collect();
        let k: Vec<Square> = f.key_points.iter().map(|s| s.rotate()).collect();
        let swapped = run(&f.start.swap_colors(), &m, &k, &f);
        let want = base
            .ruling
            .as_ref()
            .map(|r| r.verdict.swap_colors().code().to_string())
            .unwrap_or_default();
        if labels(&base) != labels(&swapped) || verdict(&swapped) != want {
            broken.push(format!(
                "{}: {:?} {} vs swapped {:?} {}",
                f.id,
                labels(&base),
                verdict(&base),
                labels(&swapped),
                verdict(&swapped)
            ));
        }
    }
    assert!(
        broken.is_empty(),
        "swapping colours broke the judgement:\n{}",
        broken.join("\n")
    );
}
