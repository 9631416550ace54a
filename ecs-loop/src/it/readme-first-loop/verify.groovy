// The README's first example, run against the installed artifact, printed real numbers: none of them zero.
def log = new File(basedir, 'build.log').getText('UTF-8')
def m = log =~ /(\d+\.\d+) s simulated in (\d+) frames: AiSystem ticked (\d+) times, PhysicsSystem (\d+), RenderSystem (\d+)/
assert m.find() : "the example printed no summary line; build.log:\n" + log
def simulated = m.group(1) as double
def frames = m.group(2) as long
def ai = m.group(3) as long
def physics = m.group(4) as long
def render = m.group(5) as long
println "README example printed: " + m.group(0)
assert simulated >= 1.0 : "simulated " + simulated + " s"
assert frames > 0 && ai > 0 && physics > 0 && render > 0 : m.group(0)
// At least one simulated second at 15 and 60 Hz; the last frame may overshoot it, but the rates stay 1 : 4.
assert ai >= 15 && physics >= 60 && Math.abs(physics - 4 * ai) <= 4 : m.group(0)
assert render == frames : "the every-frame system runs once per frame: " + m.group(0)
return true
