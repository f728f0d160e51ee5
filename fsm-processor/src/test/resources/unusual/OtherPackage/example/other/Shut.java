package example.other;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Terminal;

/** The end. */
@State("SHUT")
@Terminal(endsRound = true)
public final class Shut extends example.Door {}
