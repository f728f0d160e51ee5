package example;

import dev.agentfsm.runtime.Agent;

/** An agent class whose parameter name, dev, is also the first name of the runtime's package. */
public interface Dev extends Agent {}
