// Runs after the three builds of invoker.properties; build.log holds them all.
def log = new File(basedir, 'build.log').text
def docs = new File(basedir, 'docs/machines')

// neither module deleted the other's pages, nor the page a person wrote
for (name in ['it.first.Lamp.md', 'it.first.Lamp.svg', 'it.second.Bell.md', 'it.second.Bell.svg']) {
    assert new File(docs, name).isFile() : name + ' was deleted'
}
assert new File(docs, 'README.md').text.startsWith('# Machines\n\nWritten by a person')
assert !log.contains('agentfsm: removed ')
assert log.contains('agentfsm: kept docs/machines/README.md (no module\'s list in docs/machines/.agentfsm names it')

// each module listed what it generated
assert new File(docs, '.agentfsm/first.files').text.endsWith('\nit.first.Lamp.md\nit.first.Lamp.svg\n')
assert new File(docs, '.agentfsm/second.files').text.endsWith('\nit.second.Bell.md\nit.second.Bell.svg\n')

// the parent (no machines, docs directory of its own) did nothing
assert log.contains('agentfsm: no machine models in target/classes/META-INF/agentfsm (the module has no @StateMachine, or is not compiled yet); nothing written or deleted in ')

// build 2: the mistyped models directory failed the build, naming it, the property and the fix
assert log.contains('agentfsm: the models directory first/target/classes/META-INF/agentfms (parameter models, property agentfsm.models) does not exist; nothing was drawn, written or deleted. Name the directory the processor writes the models into (first/target/classes/META-INF/agentfsm unless configured otherwise: leave models out to use it)')

// build 3: each module's check agrees with what the two docs goals wrote together
assert log.count('agentfsm: docs/machines is current (1 machine(s))') == 2

// builds 1 and 3: the list left under the first module's old name is named, with both fixes, by docs and check
assert log.count('[WARNING] agentfsm: docs/machines/.agentfsm/old-first.files, the list of another module, also names'
        + ' it.first.Lamp.md, it.first.Lamp.svg, which module first generates: if that module was renamed (its'
        + ' artifactId changed), delete docs/machines/.agentfsm/old-first.files, or the pages it names are kept when'
        + ' their machines are gone; if the machines moved here from it, run the docs goal in that module too') == 2
assert !log.contains('which module second generates')
return true
