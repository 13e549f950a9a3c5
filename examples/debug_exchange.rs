use qigui::{Position, chase, notation, protection::ValueContext};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let pos = Position::from_fen(&args[1]).unwrap();
    let mv = notation::parse_move(&pos, &args[2]).unwrap().mv;
    let r = chase::exchange_search(
        &pos,
        mv,
        &ValueContext::default(),
        &chase::ChaseLimits::default(),
    );
    println!("{:?}", r);
    let after = pos.play_unchecked(mv);
    for m in after.legal_moves().iter() {
        if after.piece_at(m.to).is_some() {
            print!("{} ", m);
        }
    }
    println!();
}
