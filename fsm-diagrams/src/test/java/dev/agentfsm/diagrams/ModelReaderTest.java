package dev.agentfsm.diagrams;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ModelReaderTest {

    @Test
    void readsTheModelAsTheProcessorWritesIt() {
        ModelFile desk = Models.desk();
        Machine machine = desk.machine();
        assertEquals("example.Desk", desk.baseName());
        assertEquals("example.Desk", machine.qualifiedName());
        assertEquals("Answers <b>questions</b> & \"hands\" work on", machine.description());
        assertEquals("ASK", machine.initial());
        assertEquals(Optional.of("PENDING"), machine.fallback());
        assertEquals(Optional.of("ERROR"), machine.onError());
        assertEquals(
                List.of("ASK", "PENDING", "FINISH", "ERROR"),
                machine.states().stream().map(Machine.State::name).toList());
        Machine.State ask = machine.states().get(0);
        assertEquals(
                new Machine.Move(new Machine.Target(Optional.of("Helper"), "CONTINUE"), "SYSTEM", "hand the work on"),
                ask.moves().get(3));
        assertTrue(ask.moves().get(3).to().isHandOff());
        assertEquals(
                new Machine.Move(new Machine.Target(Optional.empty(), "ASK"), "LLM", ""),
                ask.moves().get(0));
        Machine.State error = machine.states().get(3);
        assertTrue(error.terminal() && error.endsSubtask() && !error.endsRound());
    }

    @Test
    void aModelOfMoreThanSnakeYamlsDefaultLimitIsRead() throws ModelException {
        String yaml = Models.chain(14_000);
        assertTrue(yaml.length() > 3 * 1024 * 1024, "the model must pass SnakeYAML's default 3 MB: " + yaml.length());
        assertEquals(
                14_000, Models.parse("bench.Chain", yaml).machine().states().size());
    }

    @Test
    void textThatIsNotYamlNamesTheLine() {
        ModelException e = assertThrows(
                ModelException.class, () -> Models.parse("a.Broken", "machine: Broken\nstates:\n  - name: [A\n"));
        assertEquals(4, e.line());
        assertEquals(Path.of("a.Broken.yaml"), e.file());
        assertTrue(e.getMessage().startsWith("a.Broken.yaml:4: not valid YAML: "), e.getMessage());
    }

    @Test
    void aMissingKeyNamesTheLineOfItsOwner() {
        String yaml = "machine: M\ninitial: A\nstates:\n  - name: A\n    transitions:\n      - by: LLM\n";
        ModelException e = assertThrows(ModelException.class, () -> Models.parse("a.M", yaml));
        assertEquals(6, e.line());
        assertTrue(
                e.getMessage().startsWith("a.M.yaml:6: 'to' is missing (the agent-fsm processor writes this file"),
                e.getMessage());
    }

    @Test
    void aBadValueNamesItsLineAndTheValue() {
        String yaml = "machine: M\ninitial: A\nstates:\n  - name: A\n    terminal: yes please\n";
        ModelException e = assertThrows(ModelException.class, () -> Models.parse("a.M", yaml));
        assertEquals(5, e.line());
        assertTrue(e.getMessage().contains("'terminal' must be true or false, not 'yes please'"), e.getMessage());
    }

    @Test
    void aMoveToAnUnknownStateNamesItAndTheStates() {
        String yaml = "machine: M\ninitial: A\nstates:\n  - name: A\n    transitions:\n      - to: B\n        by: LLM\n"
                + "  - name: C\n";
        ModelException e = assertThrows(ModelException.class, () -> Models.parse("a.M", yaml));
        assertEquals(6, e.line());
        assertTrue(
                e.getMessage().contains("'to: B' names no state of this machine; its states are A, C"), e.getMessage());
    }

    @Test
    void anInitialStateThatDoesNotExistIsAnError() {
        ModelException e = assertThrows(
                ModelException.class, () -> Models.parse("a.M", "machine: M\ninitial: NOPE\nstates:\n  - name: A\n"));
        assertEquals(2, e.line());
        assertTrue(
                e.getMessage().contains("'initial: NOPE' names no state of this machine; its states are A"),
                e.getMessage());
    }

    @Test
    void anEmptyFileOrAListIsNotAModel() {
        assertTrue(assertThrows(ModelException.class, () -> Models.parse("a.M", ""))
                .getMessage()
                .startsWith("a.M.yaml:1: the file is empty"));
        assertTrue(assertThrows(ModelException.class, () -> Models.parse("a.M", "- a\n- b\n"))
                .getMessage()
                .startsWith("a.M.yaml:1: the model must be a mapping of keys to values"));
    }
}
