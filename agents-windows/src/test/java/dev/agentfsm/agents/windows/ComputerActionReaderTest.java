package dev.agentfsm.agents.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.agentfsm.agents.windows.screen.ComputerAction;
import dev.agentfsm.agents.windows.screen.ComputerAction.Click;
import dev.agentfsm.agents.windows.screen.ComputerAction.DoubleClick;
import dev.agentfsm.agents.windows.screen.ComputerAction.Drag;
import dev.agentfsm.agents.windows.screen.ComputerAction.Keypress;
import dev.agentfsm.agents.windows.screen.ComputerAction.Point;
import dev.agentfsm.agents.windows.screen.ComputerAction.Scroll;
import dev.agentfsm.agents.windows.screen.ComputerAction.TypeText;
import dev.agentfsm.agents.windows.screen.ComputerAction.Unreadable;
import dev.agentfsm.agents.windows.screen.ComputerAction.Wait;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The Operator's reply parser on recorded replies of the computer-use shape, good and bad. */
class ComputerActionReaderTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static List<Optional<ComputerAction>> parsed() throws IOException {
        JsonNode file;
        try (InputStream in = ComputerActionReaderTest.class.getResourceAsStream("operator-replies.yaml")) {
            file = new YAMLMapper().readTree(in);
        }
        List<Optional<ComputerAction>> actions = new ArrayList<>();
        for (JsonNode reply : file.get("replies")) {
            actions.add(ComputerActionReader.parse(JSON.readTree(reply.asText()).path("action")));
        }
        return actions;
    }

    private static Unreadable unreadable(String reason, String json) {
        return new Unreadable(reason, json);
    }

    @Test
    void everyActionTypeIsRead() throws IOException {
        List<Optional<ComputerAction>> actions = parsed();
        assertEquals(
                List.of(
                        Optional.of(new Click(new Point(680, 142), "left")),
                        Optional.of(new Click(new Point(680, 142), "right")),
                        Optional.of(new Click(new Point(10, 20), "left")),
                        Optional.of(new DoubleClick(new Point(215, 235))),
                        Optional.of(new TypeText("Q1 total")),
                        Optional.of(new Keypress(List.of("CTRL", "C"))),
                        Optional.of(new Scroll(new Point(640, 360), 0, 300)),
                        Optional.of(new Scroll(new Point(640, 360), 0, -120)),
                        Optional.of(new Drag(List.of(new Point(680, 142), new Point(700, 150), new Point(760, 166)))),
                        Optional.of(new Wait()),
                        Optional.empty(),
                        Optional.empty()),
                actions.subList(0, 12));
    }

    @Test
    void aWrongShapeIsUnreadableWithAReasonTheModelCanActOn() throws IOException {
        List<Optional<ComputerAction>> actions = parsed();
        assertEquals(
                List.of(
                        Optional.of(unreadable(
                                "click needs y as a whole number of pixels, got none",
                                "{\"type\":\"click\",\"x\":680}")),
                        Optional.of(unreadable(
                                "click needs x as a whole number of pixels, got \"680\"",
                                "{\"type\":\"click\",\"x\":\"680\",\"y\":142}")),
                        Optional.of(unreadable(
                                "click needs x as a whole number of pixels, got 680.5",
                                "{\"type\":\"click\",\"x\":680.5,\"y\":142}")),
                        Optional.of(new Click(new Point(680, 142), "left")),
                        Optional.of(unreadable(
                                "click needs a button of back, forward, left, middle, right, got \"side\"",
                                "{\"type\":\"click\",\"x\":1,\"y\":2,\"button\":\"side\"}")),
                        Optional.of(unreadable(
                                "keypress needs keys as a list of key names, such as [\"CTRL\", \"C\"], got []",
                                "{\"type\":\"keypress\",\"keys\":[]}")),
                        Optional.of(unreadable(
                                "drag needs a path of at least two points, such as [{\"x\": 10, \"y\": 20},"
                                        + " {\"x\": 90, \"y\": 20}], got [{\"x\":1,\"y\":2}]",
                                "{\"type\":\"drag\",\"path\":[{\"x\":1,\"y\":2}]}")),
                        Optional.of(
                                unreadable("type needs the text to type as a string, got none", "{\"type\":\"type\"}")),
                        Optional.of(unreadable(
                                "unknown action type \"move\"; the Operator offers click, double_click, type,"
                                        + " keypress, scroll, drag, wait",
                                "{\"type\":\"move\",\"x\":1,\"y\":2}")),
                        Optional.of(unreadable(
                                "the action must be an object with a type, such as {\"type\": \"click\", \"x\": 100,"
                                        + " \"y\": 200}",
                                "\"click at 10, 20\""))),
                actions.subList(12, actions.size()));
    }

    @Test
    void actionsDescribeThemselvesAndTheirPoints() {
        assertEquals("click at (680, 142)", new Click(new Point(680, 142), "left").describe());
        assertEquals("right-click at (1, 2)", new Click(new Point(1, 2), "right").describe());
        assertEquals(
                "drag from (1, 2) to (5, 6)",
                new Drag(List.of(new Point(1, 2), new Point(3, 4), new Point(5, 6))).describe());
        assertEquals(
                List.of(new Point(1, 2), new Point(3, 4)),
                new Drag(List.of(new Point(1, 2), new Point(3, 4))).points());
        assertEquals(List.of(), new Keypress(List.of("ENTER")).points());
        assertThrows(IllegalArgumentException.class, () -> new Drag(List.of(new Point(1, 2))));
    }

    @Test
    void keysBecomeTheDesktopsNotation() {
        assertEquals(Optional.of("^c"), OperatorActions.notation(List.of("CTRL", "C")));
        assertEquals(Optional.of("^+{TAB}"), OperatorActions.notation(List.of("ctrl", "shift", "Tab")));
        assertEquals(Optional.of("{ENTER}"), OperatorActions.notation(List.of("Return")));
        assertEquals(Optional.of("%{F4}"), OperatorActions.notation(List.of("ALT", "F4")));
        assertEquals(Optional.of("{PGDN}"), OperatorActions.notation(List.of("PageDown")));
        assertEquals(Optional.empty(), OperatorActions.notation(List.of("CTRL")), "modifiers alone press nothing");
        assertEquals(Optional.empty(), OperatorActions.notation(List.of("CTRL", "PASTE")), "an unknown key");
    }

    @Test
    void aKeyThatIsASignOfTheNotationIsPressedAsItselfNotAsAModifier() {
        assertEquals(Optional.of("{%}{F4}"), OperatorActions.notation(List.of("%", "F4")), "not Alt+F4");
        assertEquals(Optional.of("^{+}"), OperatorActions.notation(List.of("CTRL", "+")), "zoom in, not Ctrl+Shift");
        assertEquals(Optional.of("{~}{(}{{}{)}}"), OperatorActions.notation(List.of("~", "(", "{", ")", "}")));
    }
}
