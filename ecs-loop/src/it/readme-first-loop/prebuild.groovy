// The stranger's path: this directory starts empty (no pom.xml, no sources). Every README block marked
// <!-- file: PATH --> is written here at PATH, verbatim, as a new user would copy it; the POM is wrapped in nothing.
// Then the build runs the README's own command (invoker.properties) against the installed artifacts.
def text = new File(readme).getText('UTF-8').replace('\r\n', '\n')
def marked = text =~ /(?m)^<!-- file: (\S+) -->\n```\w*\n((?s:.*?))\n```$/
def written = []
while (marked.find()) {
    def path = marked.group(1)
    assert !path.startsWith('/') && !path.contains('..') : "README file marker leaves the project: " + path
    def file = new File(basedir, path)
    assert !file.exists() : "the README gives " + path + " twice, or the test directory has a copy of it"
    file.parentFile.mkdirs()
    file.setText(marked.group(2) + '\n', 'UTF-8')
    written << path
}
println "stranger's path: copied " + written + " out of README.md"
assert written.contains('pom.xml') : "README.md has no <!-- file: pom.xml --> block; it has " + written
assert written.any { it.startsWith('src/main/java/') && it.endsWith('.java') } :
        "README.md has no <!-- file: src/main/java/...java --> block; it has " + written
// The README's command to build and run it is the one this test runs.
def command = 'mvn -q compile exec:java'
assert text.contains('\n' + command + '\n') : "README.md no longer says '" + command + "' on a line of its own"
def goals = new File(basedir, 'invoker.properties').getText('UTF-8')
assert goals.contains('-B -q ') && goals.trim().endsWith('compile exec:java') :
        "invoker.properties must run the README's command: " + goals
return true
