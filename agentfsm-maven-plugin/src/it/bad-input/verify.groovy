def log = new File(basedir, 'build.log').text
assert log.contains('agentfsm: no machine models in target/classes/META-INF/agentfsm (the module has no @StateMachine, or is not compiled yet); nothing to check in docs/machines')
def model = new File(basedir, 'broken/it.Bad.yaml').path
assert log.contains('agentfsm: ' + model + ":5: 'terminal' must be true or false, not 'maybe'")
return true
