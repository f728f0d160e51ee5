package example.door;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import example.window.Window;

/** A new state of Window, whose @StateMachine was compiled earlier: its machine can't include it. */
@State("AJAR")
@Transition(to = Window.Shut.class, by = Trigger.USER)
public final class Ajar extends Window.Base {}
