#!/usr/bin/env python3
"""Writes cases/xiangqi-2020/25-figures-labels.yaml: one label-level
`repetition-verdict` case per figure of the 2020 rulebook (图2-30, 参考图1-50),
from ../shared/rulebooks/xiangqi-2020-figures.yaml (the book's moves, labels and
verdict) plus the target categories of 捉 that the book's commentary states.

The 2020 verdict is the book's. The 1999 and mass-competition verdicts are
derived by applying those editions' texts to the same labels:
  1999 (24.1-24.3, 26.1-26.4): one-sided 长将 loses; both sides forbidden: draw;
  附录一 五.2: 长将 must change at once; both forbidden: draw.
This script encodes only those two texts; it never calls qigui.

Usage: python3 tools/authoring/figure_label_cases.py ../shared/rulebooks/xiangqi-2020-figures.yaml
"""
import sys

try:
    import yaml  # PyYAML
except ImportError:
    sys.exit("needs PyYAML")

# The categories of 捉 that the commentary states (or, where marked, that the
# figure's position shows), per figure: (red labels, black labels, note).
# Only 捉 moves get a category; "" keeps the plain label.
CATEGORIES = {
    "fig02": (["车", "车"], None, "退马打车 and 进马伏…弃马得车: both chase the rook."),
    "fig03": (["无根子", "无根子"], ["车", "车"], "红方长捉无根子，黑方长捉车."),
    "fig10": (["车", "车"], ["无根子", "联合"], "黑方车一步捉无根子，另一步为车炮联合捉子. (The commentary does not say which move is which; the order follows its wording and does not affect the ruling.)"),
    "fig11": (["联合", "联合"], ["无根子", "无根子"], "红方车炮联合捉子，黑方长捉无根子."),
    "fig19": (["无根子", ""], None, "The commentary does not name the target of 车六平五; on the diagram the chased cannon on e7 has no protector, and only an unprotected target gives the book's draw (26.9.1 lists 一将一捉无根子)."),
    "fig21": (None, ["车", "车"], "黑方长捉车."),
    "fig25": (["联合", "联合"], ["车", "车"], "红方联合捉子，黑方长捉车."),
    "fig26": (["无根子", "少根子"], ["车", "车"], "红方一着捉无根子，一着捉少根子，黑方长捉车. (The commentary does not say which move is which; the order follows its wording and does not affect the ruling.)"),
    "fig27": (["无根子", "无根子"], ["联合", "联合"], "红方长捉无根子，黑方车炮联合捉子."),
    "fig28": (["无根子", "联合"], ["车", "车"], "红方一着捉无根子，一着车炮联合捉子，黑方长捉车. (The commentary does not say which move is which; the order follows its wording and does not affect the ruling.)"),
    "ref14": (["车", "车"], ["联合车", "联合车"], "红方长捉车，黑方为车炮联合捉车."),
    "ref34": (["无根子", "无根子"], ["联合", ""], "红方长捉无根子，黑方一联合捉子一杀."),
    "ref35": (["车", ""], ["无根子", "车"], "红方一捉车一杀，黑方一捉无根子一捉车."),
    "ref36": (["车", "无根子"], ["少根子", "少根子"], "红方一捉车一捉无根子，黑方长捉少根子. (The commentary does not say which move is which; the order follows its wording and does not affect the ruling.)"),
    "ref38": (["车", "车"], ["联合车", "联合车"], "红方长捉车，黑方车炮联合捉车."),
    "ref39": (["联合车", "联合车"], ["车", "车"], "红方车马炮联合捉车。黑方为长捉车."),
    "ref40": (["无根子", "无根子"], ["联合", "联合"], "红方长捉无根子，黑方马炮联合捉子."),
    "ref41": (["无根子", "联合"], ["无根子", "无根子"], "红方炮二平六为捉无根象，炮六平二为联合捉子，黑车长捉无根子."),
    "ref42": (["联合", ""], ["", "联合"], "红方一联合捉子一杀，黑方一将一联合捉子."),
    "ref43": (["无根子", "无根子"], None, "红方长捉无根子，黑方长杀."),
    "ref44": (["无根子", "无根子"], ["车", "车"], "红方长(捉)无根子，黑方长捉车."),
    "ref45": (["车", "无根子"], ["无根子", "无根子"], "红方一捉车一捉无根象，黑方长捉无根炮. (The commentary does not say which move is which; the order follows its wording and does not affect the ruling.)"),
    "ref46": (["无根子", "无根子"], ["车", "车"], "红方长捉无根子，黑方长捉车."),
    "ref47": (["无根子", "无根子"], ["", "车"], "红方长捉无根子，黑方一将一捉车."),
    "ref48": (["无根子", ""], ["车", ""], "红方一捉无根子一将，黑方一捉车一杀."),
    "ref49": (["无根子", "无根子"], ["无根子", "少根子"], "红方长捉无根子；黑方一着捉无根子，一着捉少根子. (The commentary does not say which move is which; the order follows its wording and does not affect the ruling.)"),
}


def labelled(labels, cats):
    out = []
    for i, l in enumerate(labels):
        c = cats[i] if cats and i < len(cats) else ""
        out.append(f"{l}:{c}" if c and l == "捉" else l)
    return out


def attack(l):
    return l.split(":")[0] in ("将", "杀", "捉")


def other_editions(red, black):
    """(mass verdict, mass clauses, 1999 verdict, 1999 clauses) from the texts."""
    rp = all(l == "将" for l in red)
    bp = all(l == "将" for l in black)
    rf = all(attack(l) for l in red)
    bf = all(attack(l) for l in black)
    if rp != bp:
        side = "red" if rp else "black"
        return (f"{side}_must_change", ["附录一.五.2.(1)"], f"{side}_loses", ["24.1", "26.1"])
    if not rf and not bf:
        return ("draw", ["附录一.五.2.(2)"], "draw", ["24.2", "26.2", "4.2.3"])
    if rf and bf:
        return ("draw", ["附录一.五.2.(4)"], "draw", ["24.2", "26.3", "4.2.3"])
    side = "red" if rf else "black"
    return (f"{side}_must_change", ["附录一.五.2.(3)"], f"{side}_must_change", ["24.3", "26.4", "4.1.7"])


def clauses_2020(red, black, verdict):
    rf = all(attack(l) for l in red)
    bf = all(attack(l) for l in black)
    if verdict.endswith("_loses"):
        return ["25.1", "23.5.1", "4.1.4"]
    if rf and bf:
        return ["25.4", "26.9"]
    if rf or bf:
        return ["25.3", "23.5.2.2"]
    return ["25.2", "23.5.2.1"]


def q(s):
    return '"' + s.replace('\\', '\\\\').replace('"', '\\"') + '"'


def main(path):
    figs = yaml.safe_load(open(path, encoding="utf-8"))
    out = [
        "format: 1",
        "edition: xiangqi-2020",
        "description: >-",
        "  The 79 棋例 figures at the label level: each figure's labels as the book prints",
        "  them (捉 with the target category the commentary states), ruled on by 25 and 26.9.",
        "  The 2020 verdict is the book's; the 1999 and mass-competition verdicts apply those",
        "  editions' texts to the same labels. Generated by",
        "  tools/authoring/figure_label_cases.py from the rulebook extraction.",
        "cases:",
    ]
    for f in figs:
        fid = f["id"]
        book = f["book"].replace(" ", "")
        red = [m[2] for m in f["moves"]]
        black = [m[4] for m in f["moves"]]
        cats = CATEGORIES.get(fid)
        rl = labelled(red, cats[0] if cats else None)
        bl = labelled(black, cats[1] if cats else None)
        seq = "nine-rounds" if fid == "ref08" else None
        emit(out, f"xiangqi-2020/{book}/labels", book, rl, bl, f["verdict"], f["commentary"], cats, seq)
        if fid == "fig13":
            emit(out, f"xiangqi-2020/{book}/labels-unprotected-cannon", book, ["将", "捉"], ["闲", "闲"],
                 "red_must_change", "如果黑方中炮无根，红方车六平五判“捉”。(The verdict follows: 一将一捉 is forbidden, 两闲 allowed, 25.3.)",
                 None, None, provenance="derived")
        if fid == "fig29":
            emit(out, f"xiangqi-2020/{book}/labels-second-line", book, ["杀", "杀"], ["杀", "杀"],
                 f["variant_verdicts"][0], "本局红方首着如改走车五平二…其结论即为：红方长杀，黑方长杀，双方不变作和。",
                 None, None)
        if fid == "fig30":
            emit(out, f"xiangqi-2020/{book}/labels-mirrored-horse", book, ["捉", "闲"], ["捉", "捉"],
                 f["variant_verdicts"][0], "如黑方 3 路马改为 7 路对称位置…红方一捉一闲，黑方长捉，黑方变着，不变作负。",
                 None, None)
    sys.stdout.write("\n".join(out) + "\n")


def emit(out, cid, book, rl, bl, verdict, commentary, cats, seq, provenance="book-figure"):
    mass_v, mass_c, v99, c99 = other_editions(rl, bl)
    note = commentary
    if cats and cats[2]:
        note += " — Categories: " + cats[2]
    cl = clauses_2020(rl, bl, verdict)
    if seq:
        cl = ["23.4", "23.5.2.3", "25.3"]
    out.append(f"  - id: {cid}")
    out.append("    kind: repetition-verdict")
    out.append(f"    clauses: [{', '.join(q(c) for c in cl)}]")
    out.append(f"    figure: {q(book)}")
    out.append(f"    description: {q(book + ' at the label level: 红方 ' + ' '.join(rl) + '，黑方 ' + ' '.join(bl) + '.')}")
    out.append(f"    provenance: {provenance}")
    out.append(f"    note: {q(note)}")
    out.append("    input:")
    out.append(f"      red: {q(' '.join(rl))}")
    out.append(f"      black: {q(' '.join(bl))}")
    if seq:
        out.append(f"      sequence: {seq}")
        out.append("      points: 6")
    out.append(f"    expected: {{verdict: {verdict}}}")
    out.append("    editions:")
    if seq:
        # 23.4 has no counterpart in the 1999 or mass texts: no 待判局面 there.
        out.append("      xiangqi-2020-mass:")
        out.append("        clauses: [\"附录一.五.2\"]")
        out.append("        expected: {verdict: none}")
        out.append("        note: \"附录一 has no counterpart of 23.4; without a threefold repetition there is nothing to rule on.\"")
        out.append("      xiangqi-1999:")
        out.append("        clauses: [\"24\"]")
        out.append("        expected: {verdict: none}")
        out.append("        note: \"The 1999 rules rule only on threefold repetitions (24); 23.4 is new in 2020.\"")
        return
    out.append("      xiangqi-2020-mass:")
    out.append(f"        clauses: [{', '.join(q(c) for c in mass_c)}]")
    out.append(f"        expected: {{verdict: {mass_v}}}")
    out.append("      xiangqi-1999:")
    out.append(f"        clauses: [{', '.join(q(c) for c in c99)}]")
    out.append(f"        expected: {{verdict: {v99}}}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "../shared/rulebooks/xiangqi-2020-figures.yaml")
