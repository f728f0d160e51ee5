package dev.agentfsm.benchmarks.dispatch;

import dev.agentfsm.benchmarks.machines.AppAgent;
import dev.agentfsm.benchmarks.machines.HostAgent;
import dev.agentfsm.benchmarks.machines.UfoStyleAgent;
import dev.agentfsm.runtime.Agent;

/**
 * The HostAgent and AppAgent states in UFO's style, and their two registries, filled once when this
 * class initializes. Only the states of the Word-then-Excel path override anything; the others move
 * by status, as UFO's base class does.
 */
final class UfoStates {
    static final UfoStateManager HOST = new UfoStateManager("HostAgent", new NoneHost())
            .register("CONTINUE", HostContinue.class)
            .register("ASSIGN", HostAssign.class)
            .register("PENDING", HostPending.class)
            .register("CONFIRM", HostConfirm.class)
            .register("FINISH", HostFinish.class)
            .register("FAIL", HostFail.class)
            .register("ERROR", HostError.class);

    static final UfoStateManager APP = new UfoStateManager("AppAgent", new NoneApp())
            .register("CONTINUE", AppContinue.class)
            .register("SCREENSHOT", AppScreenshot.class)
            .register("PENDING", AppPending.class)
            .register("CONFIRM", AppConfirm.class)
            .register("FINISH", AppFinish.class)
            .register("FAIL", AppFail.class)
            .register("ERROR", AppError.class);

    private UfoStates() {}

    /** A HostAgent state: it moves by status through the host registry. */
    abstract static class Host extends UfoState {
        @Override
        UfoState nextState(Agent agent) {
            return HOST.get(((UfoStyleAgent) agent).ufoStatus());
        }
    }

    /** An AppAgent state: it moves by status through the app registry. */
    abstract static class App extends UfoState {
        @Override
        UfoState nextState(Agent agent) {
            return APP.get(((UfoStyleAgent) agent).ufoStatus());
        }
    }

    static final class HostContinue extends Host {
        @Override
        void handle(Agent agent) {
            ((HostAgent) agent).setUfoStatus(((HostAgent) agent).llm().next());
        }

        @Override
        String name() {
            return "CONTINUE";
        }
    }

    static final class HostAssign extends Host {
        @Override
        void handle(Agent agent) {
            ((HostAgent) agent).assignNext();
        }

        @Override
        UfoState nextState(Agent agent) {
            return APP.get("CONTINUE");
        }

        @Override
        Agent nextAgent(Agent agent) {
            return ((HostAgent) agent).active();
        }

        @Override
        String name() {
            return "ASSIGN";
        }
    }

    static final class HostPending extends Host {
        @Override
        String name() {
            return "PENDING";
        }
    }

    static final class HostConfirm extends Host {
        @Override
        String name() {
            return "CONFIRM";
        }
    }

    static final class HostFinish extends Host {
        @Override
        boolean isRoundEnd() {
            return true;
        }

        @Override
        String name() {
            return "FINISH";
        }
    }

    static final class HostFail extends Host {
        @Override
        UfoState nextState(Agent agent) {
            return HOST.get("FINISH");
        }

        @Override
        String name() {
            return "FAIL";
        }
    }

    static final class HostError extends Host {
        @Override
        UfoState nextState(Agent agent) {
            return HOST.get("FINISH");
        }

        @Override
        String name() {
            return "ERROR";
        }
    }

    /** UFO's none state: an unknown status ends the round. */
    static final class NoneHost extends Host {
        @Override
        boolean isRoundEnd() {
            return true;
        }

        @Override
        String name() {
            return "";
        }
    }

    static final class AppContinue extends App {
        @Override
        void handle(Agent agent) {
            ((AppAgent) agent).setUfoStatus(((AppAgent) agent).llm().next());
        }

        @Override
        String name() {
            return "CONTINUE";
        }
    }

    static final class AppScreenshot extends App {
        @Override
        String name() {
            return "SCREENSHOT";
        }
    }

    static final class AppPending extends App {
        @Override
        String name() {
            return "PENDING";
        }
    }

    static final class AppConfirm extends App {
        @Override
        String name() {
            return "CONFIRM";
        }
    }

    /** An AppAgent state that hands control back to the host, as UFO's do with {@code agent.host}. */
    abstract static class BackToHost extends App {
        @Override
        Agent nextAgent(Agent agent) {
            return ((AppAgent) agent).hostAgent();
        }
    }

    static final class AppFinish extends BackToHost {
        @Override
        UfoState nextState(Agent agent) {
            return HOST.get("CONTINUE");
        }

        @Override
        String name() {
            return "FINISH";
        }
    }

    static final class AppFail extends BackToHost {
        @Override
        UfoState nextState(Agent agent) {
            return HOST.get("CONTINUE");
        }

        @Override
        String name() {
            return "FAIL";
        }
    }

    static final class AppError extends BackToHost {
        @Override
        UfoState nextState(Agent agent) {
            return HOST.get("FINISH");
        }

        @Override
        String name() {
            return "ERROR";
        }
    }

    /** UFO's none state of the AppAgent. */
    static final class NoneApp extends App {
        @Override
        boolean isRoundEnd() {
            return true;
        }

        @Override
        String name() {
            return "";
        }
    }
}
