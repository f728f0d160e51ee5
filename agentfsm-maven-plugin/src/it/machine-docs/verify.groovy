// Runs after the two builds of invoker.properties; build.log holds both.
def log = new File(basedir, 'build.log').text
def classes = new File(basedir, 'target/classes/META-INF/agentfsm')
def docs = new File(basedir, 'docs/machines')

def svg = new File(classes, 'it.door.Door.svg')
assert svg.isFile() : 'the diagrams goal drew no SVG'
assert svg.text.startsWith('<!-- agentfsm-svg ')
assert svg.text.contains('>CLOSED</text>')

// build 1 drew it, build 2 found it unchanged
assert log.contains('agentfsm: 1 diagram(s) drawn, 0 unchanged')
assert log.contains('agentfsm: 0 diagram(s) drawn, 1 unchanged')

// the docs goal wrote the page, the SVG and the module's list of them, deleted the orphan its list named,
// and kept the README a person wrote
assert new File(docs, 'it.door.Door.md').text == new File(classes, 'it.door.Door.md').text
assert new File(docs, 'it.door.Door.svg').text == svg.text
assert new File(docs, '.agentfsm/machine-docs.files').text.endsWith('\nit.door.Door.md\nit.door.Door.svg\n')
assert !new File(docs, 'it.door.Gone.md').exists() : 'the orphaned page is still there'
assert log.contains('agentfsm: removed docs/machines/it.door.Gone.md')
assert log.contains('agentfsm: wrote docs/machines/.agentfsm/machine-docs.files')
assert new File(docs, 'README.md').text.startsWith('# Machines')
assert log.contains('agentfsm: kept docs/machines/README.md (no module\'s list in docs/machines/.agentfsm names it')
assert log.contains('agentfsm: docs/machines holds the pages and SVGs of 1 machine(s)')

// the check named each stale file and the command
assert log.contains('agentfsm: stale-docs is not what this build generates:')
assert log.contains('  - stale-docs/it.door.Door.md: out of date: Door changed since it was written')
assert log.contains('  - stale-docs/it.door.Door.svg: out of date: drawn from another model of Door')
assert log.contains('  - stale-docs/.agentfsm/machine-docs.files: out of date: names other files than the machines of this build')
assert log.contains('  - stale-docs/it.door.Renamed.svg: belongs to no machine of this build')
assert log.contains('Run `mvn process-classes agentfsm:docs` (it rewrites stale-docs and deletes the orphans)')
return true
