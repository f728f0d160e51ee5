package dev.agentfsm.mcp;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Tools;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.Context;

/** A machine whose states offer different tools of one MCP server. */
final class CalculatorStates {
    private CalculatorStates() {}

    @StateMachine(name = "Calculator", initial = Calc.class, onError = Error.class)
    abstract static class Base implements AgentState<CalculatorAgent> {}

    @State("CALC")
    @Tools({"add", "q*"})
    @Transition(to = Calc.class, by = Trigger.LLM)
    @Transition(to = Report.class, by = Trigger.LLM)
    @Transition(to = Done.class, by = Trigger.LLM)
    @Transition(to = Error.class, by = Trigger.SYSTEM)
    static final class Calc extends Base {
        @Override
        public void handle(CalculatorAgent agent, Context context) throws Exception {
            agent.step(context);
        }
    }

    @State("REPORT")
    @Tools("echo")
    @Transition(to = Done.class, by = Trigger.LLM)
    @Transition(to = Error.class, by = Trigger.SYSTEM)
    static final class Report extends Base {
        @Override
        public void handle(CalculatorAgent agent, Context context) throws Exception {
            agent.step(context);
        }
    }

    @State("DONE")
    @Terminal
    static final class Done extends Base {}

    @State("ERROR")
    @Terminal
    @Tools({})
    static final class Error extends Base {}
}
