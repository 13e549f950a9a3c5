#!/usr/bin/env python3
"""Writes the pairing-table cases from the rulebook text, so that no table is
retyped by hand:

  cases/xiangqi-2020/10-12-pairing-tables.yaml
      附录二 循环赛对局秩序表 (3-20 players): one case per printed table for the
      even number, one for the odd number (the book's usage note: the player
      meeting the "最大号" has the bye); 附录五 全队轮赛制 (3-8 players a team).
  cases/gomoku-2025/26-27-pairing-tables.yaml
      附录四 单循环制 (3-10), 附录五 舍维宁根制 (4-6 boards; printed with one
      column per round, transposed here to one list per round), 附录三 种子
      和轮空号码位置表 (16-128), 附录七 交叉 tables.

Every expected value is the book's text, split into its tokens; nothing here
calls qigui. It also writes src/event/pairing/scheveningen_tables.rs (the printed Scheveningen
tables as data; run `cargo fmt` afterwards).

Usage (from the repository root):

  python3 tools/authoring/pairing_table_cases.py ../shared/rulebooks && cargo fmt
"""
import os
import re
import sys


def q(s):
    """A double-quoted YAML scalar."""
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def flow(items):
    return "[" + ", ".join(q(str(i)) if isinstance(i, str) else str(i) for i in items) + "]"


def case(out, cid, clauses, desc, prov, note, inp, expected_lines):
    out.append(f"  - id: {cid}")
    out.append("    kind: pairing")
    out.append(f"    clauses: {flow(clauses)}")
    out.append(f"    description: {q(desc)}")
    out.append(f"    provenance: {prov}")
    if note:
        out.append(f"    note: {q(note)}")
    out.append(f"    input: {inp}")
    out.append("    expected:")
    out.extend("      " + l for l in expected_lines)
    out.append("")


def rounds_lines(rounds):
    lines = ["rounds:"]
    for r in rounds:
        lines.append("  - " + flow(r))
    return lines


def lines_of(path):
    with open(path, encoding="utf-8") as f:
        return [l.rstrip("\n") for l in f]


def xiangqi_round_robin(text):
    """附录二: {(a, b): [[pair, ...] per round]} for the table "a或b人"."""
    tables = {}
    start = text.index("附录二\n\n循环赛对局秩序表")
    end = text.index("附录三\n", start)
    cur = None
    for l in text[start:end].split("\n"):
        m = re.match(r"^(\d+)或(\d+)人对局秩序表", l)
        if m:
            cur = (int(m.group(1)), int(m.group(2)))
            tables[cur] = []
            continue
        m = re.match(r"^(\d+)\t(.*)$", l)
        if m and cur:
            assert int(m.group(1)) == len(tables[cur]) + 1, l
            tables[cur].append(m.group(2).split())
    return tables


def gomoku_round_robin(text):
    tables = {}
    start = text.rindex("附录四：单循环制比赛\n")
    end = text.index("附录五：舍维宁根制两队对抗赛\n", start)
    cur = None
    for l in text[start:end].split("\n"):
        m = re.match(r"^参加者 (\d+) 或 (\d+) 人", l)
        if m:
            cur = (int(m.group(1)), int(m.group(2)))
            tables[cur] = []
            continue
        m = re.match(r"^(\d+)\t(.*)$", l)
        if m and cur:
            assert int(m.group(1)) == len(tables[cur]) + 1, l
            tables[cur].append(m.group(2).split())
    return tables


def xiangqi_scheveningen(text):
    tables = {}
    start = text.index("附录五\n\n全队轮赛制对局秩序表")
    cur = None
    for l in text[start:].split("\n"):
        m = re.match(r"^每队 (\d+) 人两队轮赛对局秩序表", l)
        if m:
            cur = int(m.group(1))
            tables[cur] = []
            continue
        m = re.match(r"^第(\d+)轮\t(.*)$", l)
        if m and cur:
            assert int(m.group(1)) == len(tables[cur]) + 1, l
            tables[cur].append(m.group(2).split())
    return tables


CN = {"四": 4, "五": 5, "六": 6}


def gomoku_scheveningen(text):
    tables = {}
    start = text.rindex("附录五：舍维宁根制两队对抗赛\n")
    end = text.index("附六", start)
    cur = None
    for l in text[start:end].split("\n"):
        m = re.match(r"^(四|五|六)台对抗", l)
        if m:
            cur = CN[m.group(1)]
            tables[cur] = []
            continue
        if cur and re.match(r"^[AB]\d", l):
            tables[cur].append([g.replace("—", "-") for g in l.split("\t")])
    # printed one row per board, one column per round: transpose
    out = {}
    for n, rows in tables.items():
        assert len(rows) == n and all(len(r) == n for r in rows), n
        out[n] = [[rows[b][r] for b in range(n)] for r in range(n)]
    return out


def gomoku_seed_lists(text):
    start = text.index("种子和轮空号码位置表")
    block = text[start:text.index("(二) 抢号法", start)]
    seeds = block[block.index("种子位置顺序"):block.index("轮空位置顺序")]
    byes = block[block.index("轮空位置顺序"):block.index("此表适用")]
    marks = "①②③④"

    def parse(b):
        out = []
        for m in marks:
            line = next(l for l in b.split("\n") if l.startswith(m))
            out.append([int(x) for x in line[1:].replace(" ", "").split(",")])
        return out

    return parse(seeds), parse(byes)


def gomoku_crossings(text):
    """附录七: the four 1/8-final tables, each {label: (a, b)} in label order."""
    start = text.index("附七：组合赛制比赛")
    t = text[start:]
    found = []
    for m in re.finditer(r"1/8 决赛是：\n\n(.*?)\n\n(.*?)\n", t):
        rows = (m.group(1) + " " + m.group(2)).split()
        games = {}
        i = 0
        while i < len(rows):
            label = rows[i].rstrip(":")
            games[label] = rows[i + 1]
            i += 2
        found.append(games)
    return found


def gomoku_snake(text):
    """附录七 一.3: the columns of the 2-group and 4-group tables."""
    start = text.index("分 2 个组")
    rows = []
    for l in text[start:].split("\n")[2:]:
        if not re.match(r"^\d", l):
            break
        rows.append([int(x) for x in l.split("\t")])
    two = [[r[c] for r in rows] for c in range(2)]
    four = [[r[c] for r in rows] for c in range(2, 6)]
    return two, four


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    books = sys.argv[1]
    x = "\n".join(lines_of(os.path.join(books, "000_511cd18154fec4c4.txt")))
    g = "\n".join(lines_of(os.path.join(books, "002_1806df3281c3189c.txt")))

    out = [
        "# Generated by tools/authoring/pairing_table_cases.py from the rulebook text:",
        "# do not edit by hand. Every expected table is the book's.",
        "format: 1",
        "edition: xiangqi-2020",
        "description: >-",
        "  The printed pairing tables of the 2020 book: 附录二 循环赛对局秩序表 for 3-20",
        "  players (12.1: the number listed first has red) and 附录五 全队轮赛制对局秩序表",
        "  for teams of 3-8 (11.4). Each round lists its games as the book prints them,",
        "  first-listed side red; an odd number of players has the bye where the even",
        "  table has the largest number (附录二 使用说明).",
        "cases:",
    ]
    for (odd, even), rounds in sorted(xiangqi_round_robin(x).items()):
        assert len(rounds) == even - 1 and all(len(r) == even // 2 for r in rounds)
        case(out, f"xiangqi-2020/附录二/round-robin-{even}", ["附录二", f"附录二.{odd}或{even}人", "10.1", "12.1"],
             f"The {even}-player round robin: qigui's construction (编排方法 1-4) gives the book's table, round by round.",
             "book-text", None, f"{{system: round-robin, players: {even}}}", rounds_lines(rounds) + ["invariants: true"])
        bye = str(even)
        odd_rounds = [[f"{a}-bye" if b == bye else (f"{b}-bye" if a == bye else p)
                       for p in r for a, b in [p.split("-")]] for r in rounds]
        case(out, f"xiangqi-2020/附录二/round-robin-{odd}", ["附录二", "附录二.使用说明", f"附录二.{odd}或{even}人", "10.1"],
             f"The {odd}-player round robin uses the {even}-player table; whoever meets {even} has the bye.",
             "derived",
             f"附录二 使用说明: 若参赛的人数是单数，则表中每轮第一栏内未加括弧的该号运动员在该轮轮空; the book's {odd}或{even}人 table with {even} read as the bye (编排方法 1: the 最大号 of {odd} players is {even}).",
             f"{{system: round-robin, players: {odd}}}", rounds_lines(odd_rounds) + ["invariants: true"])
    for n, rounds in sorted(xiangqi_scheveningen(x).items()):
        assert len(rounds) == n and all(len(r) == n for r in rounds)
        case(out, f"xiangqi-2020/附录五/scheveningen-{n}", ["附录五", f"附录五.{n}人", "11.4"],
             f"The Scheveningen table for teams of {n}, as printed (first-listed side red).",
             "book-text", "invariants: 附录五's own principles (everyone meets everyone, each player's and the teams' colours within one, no three in a row).", f"{{system: scheveningen, boards: {n}}}", rounds_lines(rounds) + ["invariants: true"])
    write(out, "cases/xiangqi-2020/10-12-pairing-tables.yaml")

    out = [
        "# Generated by tools/authoring/pairing_table_cases.py from the rulebook text:",
        "# do not edit by hand. Every expected table is the book's.",
        "format: 1",
        "edition: gomoku-2025",
        "description: >-",
        "  The printed pairing tables of the Gomoku 2025 book: 附录四 单循环制 for 3-10",
        "  players (the bracketed number is the dummy that gives the bye), 附录五",
        "  舍维宁根制 for 4-6 boards (printed one column per round; each round here lists",
        "  A1's game first, first-listed side black), 附录三's seed and bye positions",
        "  for 16-128, and 附录七's crossings into the knock-out final.",
        "cases:",
    ]
    for (odd, even), rounds in sorted(gomoku_round_robin(g).items()):
        plain = [[p.replace("(", "").replace(")", "") for p in r] for r in rounds]
        case(out, f"gomoku-2025/附录四/round-robin-{even}", ["附录四", f"附录四.{odd}或{even}人", "27.2"],
             f"The {even}-player round robin of 附录四: the same construction gives the book's table.",
             "book-text", "The brackets round the largest number are dropped: with an even number it is a player.",
             f"{{system: round-robin, players: {even}}}", rounds_lines(plain) + ["invariants: true"])
        with_bye = [[re.sub(r"^\((\d+)\)-(\d+)$", r"\2-bye", re.sub(r"^(\d+)-\((\d+)\)$", r"\1-bye", p)) for p in r] for r in rounds]
        case(out, f"gomoku-2025/附录四/round-robin-{odd}", ["附录四", f"附录四.{odd}或{even}人", "27.2"],
             f"The {odd}-player round robin of 附录四: whoever meets the bracketed ({even}) has the bye.",
             "book-text", f"The book brackets ({even}): with {odd} players it is nobody, and its opponent has the bye.",
             f"{{system: round-robin, players: {odd}}}", rounds_lines(with_bye) + ["invariants: true"])
    for n, rounds in sorted(gomoku_scheveningen(g).items()):
        case(out, f"gomoku-2025/附录五/scheveningen-{n}", ["附录五", f"附录五.{n}台", "26.2.4", "27.6.3"],
             f"The Scheveningen table for {n} boards, as printed (first-listed side black).",
             "book-text", "Printed with a row per board and a column per round; a round here is a column, A1's board first. invariants: Gomoku 26.2.4 asks only that everyone meet everyone (the colour principles are the 2020 book's 附录五), so only that is checked here; the 6-board table gives A1 four first moves of six and B1 four second moves (spec/pairing.md).",
             f"{{system: scheveningen, boards: {n}}}", rounds_lines(rounds) + ["invariants: true"])
    seeds, byes = gomoku_seed_lists(g)
    for size, s, b in zip([16, 32, 64, 128], seeds, byes):
        case(out, f"gomoku-2025/附录三/seed-and-bye-positions-{size}", ["附录三.三.(一)", "附录三.一.(一)", "附录三.一.(二)", "附录三.一.(三)", "27.1"],
             f"The bracket positions of the seeds and of the byes for {size} places, in the book's order.",
             "book-text", None, f"{{system: knockout-positions, places: {size}}}",
             [f"seed_positions: {flow(s)}", f"bye_positions: {flow(b)}"])
    tables = gomoku_crossings(g)
    names = [("two-groups", "附录七.一.4.①", "{system: crossing, groups: 2, qualifiers: 8}",
              "Two Swiss groups, eight from each: the 1/8 finals cross A and B."),
             ("four-groups", "附录七.一.4.②", "{system: crossing, groups: 4, qualifiers: 4}",
              "Four Swiss groups, four from each: the 1/8 finals cross A with D and B with C."),
             ("sixteen-groups", "附录七.二.2.①", "{system: crossing, groups: 16, qualifiers: 1}",
              "Sixteen round-robin groups, their winners numbered 1-16: the 1/8 finals."),
             ("eight-groups", "附录七.二.2.②", "{system: crossing, groups: 8, qualifiers: 2, label: M}",
              "Eight round-robin groups, two from each: the 1/8 finals.")]
    for (slug, clause, inp, desc), games in zip(names, tables):
        labels = sorted(games, key=lambda k: int(k[1:]))
        case(out, f"gomoku-2025/附录七/{slug}", [clause, "附录七", "27.4"], desc, "book-text",
             "The book prints the matches in two lines, odd labels first; they are listed here by label. Within a match the order is the book's; colours in a knock-out are drawn (27.1 leaves them to the event), so qigui compares each match as a pair.",
             inp, ["matches: " + flow([f"{k}: {games[k]}" for k in labels])])
    two, four = gomoku_snake(g)
    case(out, "gomoku-2025/附录七/two-groups-snake", ["附录七.一.3", "附录七"],
         "Players in rating order dealt into two Swiss groups, as the book's table shows them.", "book-text",
         "The book prints the first ten and then '.....'.", "{system: snake-groups, players: 10, groups: 2}",
         ["groups: [" + ", ".join(flow(c) for c in two) + "]"])
    case(out, "gomoku-2025/附录七/four-groups-snake", ["附录七.一.3", "附录七"],
         "Players in rating order dealt into four Swiss groups, as the book's table shows them.", "book-text",
         "The book prints the first twenty and then '.....'.", "{system: snake-groups, players: 20, groups: 4}",
         ["groups: [" + ", ".join(flow(c) for c in four) + "]"])
    write(out, "cases/gomoku-2025/26-27-pairing-tables.yaml")
    rust_tables(xiangqi_scheveningen(x), gomoku_scheveningen(g))


def rust_tables(xq, gm):
    """src/event/pairing/scheveningen_tables.rs: the printed tables as data."""
    out = ["//! The Scheveningen tables as printed: 2020 附录五 (3-8 players a team)",
           "//! and Gomoku 2025 附录五 (4-6 boards). Generated from the rulebook text by",
           "//! `tools/authoring/pairing_table_cases.py`; do not edit by hand. Each",
           "//! round lists A1's game first; the side written first moves first.",
           "",
           "/// 2020 附录五: (players a team, rounds).",
           "pub(super) const XIANGQI_2020: &[(u32, &[&[&str]])] = &["]
    for n, rounds in sorted(xq.items()):
        out.append(f"    ({n}, &[")
        for r in rounds:
            out.append("        &[" + ", ".join(q(gm_) for gm_ in r) + "],")
        out.append("    ]),")
    out.append("];")
    out.append("")
    out.append("/// Gomoku 2025 附录五: (boards, rounds), transposed from its one column per round.")
    out.append("pub(super) const GOMOKU_2025: &[(u32, &[&[&str]])] = &[")
    for n, rounds in sorted(gm.items()):
        out.append(f"    ({n}, &[")
        for r in rounds:
            out.append("        &[" + ", ".join(q(gm_) for gm_ in r) + "],")
        out.append("    ]),")
    out.append("];")
    with open("src/event/pairing/scheveningen_tables.rs", "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")


def write(out, path):
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(out).rstrip() + "\n")
    print(path, sum(1 for l in out if l.startswith("  - id:")), "cases")


if __name__ == "__main__":
    main()
