use qigui::{Position, chase, mate, notation, protection::ValueContext};
use std::time::Instant;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let start = Position::from_fen(&args[1]).unwrap();
    let (moves, _) = notation::parse_line(&start, &args[2]).unwrap();
    let limits = qigui::classify::Limits::default();
    let mut pos = start.clone();
    for mv in moves {
        let after = pos.play_unchecked(mv);
        let again = after.pass();
        let t = Instant::now();
        let _ = chase::threats(&pos, &ValueContext::default(), &limits.chase);
        let t1 = t.elapsed();
        let t = Instant::now();
        let cg = chase::check_gains(&pos, &ValueContext::default(), &limits.chase);
        let t2 = t.elapsed();
        let t = Instant::now();
        let m = again.as_ref().map(|a| mate::mate_by_checks(a, limits.mate));
        let t3 = t.elapsed();
        println!(
            "{} threats {:?} (check_gains {:?}, {} found) mate {:?} {:?}",
            mv,
            t1,
            t2,
            cg.len(),
            t3,
            m.map(|x| x.is_mate())
        );
        pos = after;
    }
}
