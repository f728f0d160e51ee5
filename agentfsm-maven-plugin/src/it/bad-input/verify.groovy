def log = new File(basedir, 'build.log').text
assert log.contains('agentfsm: no machine models in target/classes/META-INF/agentfsm; only checking that no page is left over')
def model = new File(basedir, 'broken/it.Bad.yaml').path
assert log.contains('agentfsm: ' + model + ":5: 'terminal' must be true or false, not 'maybe'")
return true
