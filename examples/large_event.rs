//! Writes a large Swiss event as JSON, for timing `qigui standings` and
//! `qigui pair swiss` at any size (TRF holds at most 9,999 players; JSON and
//! YAML any number):
//!
//! ```console
//! cargo run --release --example large_event -- 100000 4 > /tmp/swiss-100k.json
//! qigui standings /tmp/swiss-100k.json
//! qigui pair swiss /tmp/swiss-100k.json
//! ```
//!
//! Arguments: the number of players (2 or more) and the rounds played
//! (default 4), of 9 announced. The pairings and results are those of
//! `benches/common/events.rs`.

use qigui::event::GameName;

#[path = "../benches/common/events.rs"]
#[allow(dead_code)]
mod events;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let players: u32 = args.first().and_then(|a| a.parse().ok()).unwrap_or(0);
    let played: u32 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(4);
    if players < 2 || played > 9 {
        eprintln!("usage: large_event PLAYERS [ROUNDS_PLAYED ≤ 9]");
        std::process::exit(2);
    }
    let t = events::swiss_event(GameName::Xiangqi, players, played, 9);
    match serde_json::to_string(&t) {
        Ok(text) => println!("{text}"),
        Err(e) => {
            eprintln!("large_event: {e}");
            std::process::exit(1);
        }
    }
}
