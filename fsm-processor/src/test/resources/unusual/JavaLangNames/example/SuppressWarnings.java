package example;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Terminal;

/** A state named as java.lang.SuppressWarnings. */
@State("SUPPRESS_WARNINGS")
@Terminal(endsRound = true)
public final class SuppressWarnings extends Door {}
