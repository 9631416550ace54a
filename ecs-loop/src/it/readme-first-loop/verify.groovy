// The README's first loop, built and run against the installed artifact, printed a changing interpolated position:
// about ten lines of "T s: MoveSystem ticked N times, unit drawn at x = X" and a summary line.
def log = new File(basedir, 'build.log').getText('UTF-8')
def num = /(\d+[.,]\d+)/
def lines = log =~ (num + / s: MoveSystem ticked\s+(\d+) times, unit drawn at x = / + num)
def seen = []
while (lines.find()) {
    seen << [t: lines.group(1).replace(',', '.') as double, ticks: lines.group(2) as long,
             x: lines.group(3).replace(',', '.') as double]
}
assert seen.size() >= 3 : "the first loop printed fewer than 3 position lines; build.log:\n" + log
println "README first loop printed " + seen.size() + " positions, x from " + seen[0].x + " to " + seen[-1].x
def xs = seen.collect { it.x }
assert xs.unique(false).size() >= 3 : "the drawn position does not change: " + xs
for (int i = 1; i < seen.size(); i++) {
    assert seen[i].x >= seen[i - 1].x : "drawn backwards: " + xs
}
// Interpolated one step behind: after N ticks of 0.2 units the unit is drawn between 0.2 (N - 1) and 0.2 N, and
// between ticks, not only on them (what a loop without interpolation would print).
for (s in seen) {
    assert s.x >= 0.2 * Math.max(s.ticks - 1, 0) - 0.0006 && s.x <= 0.2 * s.ticks + 0.0006 :
            "drawn outside its last two ticks: " + s
}
assert seen.any { s -> Math.abs(s.x / 0.2 - Math.round(s.x / 0.2)) > 0.01 } :
        "every drawn position is a tick position: no interpolation happened: " + xs
def m = log =~ (num + / s simulated in (\d+) frames: MoveSystem ticked (\d+) times, DrawSystem (\d+)/)
assert m.find() : "the first loop printed no summary line; build.log:\n" + log
def simulated = m.group(1).replace(',', '.') as double
def frames = m.group(2) as long
def moves = m.group(3) as long
def draws = m.group(4) as long
assert simulated >= 1.0 && moves >= 10 && moves <= simulated * 10 + 1 : m.group(0)
assert draws == frames && frames > 0 : "the every-frame system runs once per frame: " + m.group(0)
return true
