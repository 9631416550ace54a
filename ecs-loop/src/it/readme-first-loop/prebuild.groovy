// Copies the README's first java block into this project verbatim, so the test compiles what a user copies.
def text = new File(readme).getText('UTF-8')
def block = text =~ /(?s)```java\n(.*?)\n```/
assert block.find() : "README.md has no java block"
def source = block.group(1)
def pkg = (source =~ /(?m)^package ([\w.]+);/)
assert pkg.find() : "the README's first example declares no package"
def cls = (source =~ /(?m)^public class (\w+)/)
assert cls.find() : "the README's first example declares no public class"
assert pkg.group(1) + '.' + cls.group(1) == 'dev.ecsloop.example.FirstLoop' :
        "pom.xml runs dev.ecsloop.example.FirstLoop but the README's first example is " + pkg.group(1) + '.' + cls.group(1)
def dir = new File(basedir, 'src/main/java/' + pkg.group(1).replace('.', '/'))
dir.mkdirs()
new File(dir, cls.group(1) + '.java').setText(source + '\n', 'UTF-8')
return true
