package dev.agentfsm.agents.windows;

import dev.agentfsm.agents.kit.QaPairs;
import dev.agentfsm.runtime.Blackboard;
import dev.agentfsm.runtime.Blackboard.QuestionAnswer;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.user.UserChannel;
import dev.agentfsm.runtime.user.UserChannel.Answer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * PENDING's work, shared by both agents: each of the LLM's questions goes to the user when
 * {@code askQuestion} is on, and its answer onto the blackboard, where the LLM reads it next step.
 * With {@code askQuestion} off the blackboard says that no answer is available, as UFO does. A question
 * answered before the round ({@link QaPairs}, UFO's QA pairs) takes that answer and is not asked, whether
 * {@code askQuestion} is on or off.
 */
final class Questions {
    static final String NOT_ASKED = "No answer is available: the user is not asked questions (askQuestion is off).";
    static final String NO_ANSWER = "The user did not answer in time.";

    private Questions() {}

    /**
     * Asks the questions and writes question and answer to the blackboard.
     *
     * @return the first question the user left unanswered past the time-out, if any
     */
    static Optional<String> ask(
            List<String> questions, QaPairs answers, UserChannel user, RuntimeConfig config, Blackboard blackboard) {
        Optional<String> unanswered = Optional.empty();
        // written once every question is asked: a channel that stops the work until the user replies
        // (fsm-temporal's) runs PENDING again, which must not write an earlier answer twice
        List<QuestionAnswer> answered = new ArrayList<>();
        for (String question : questions) {
            Optional<String> beforehand = answers.answer(question);
            if (beforehand.isPresent()) {
                answered.add(new QuestionAnswer(question, beforehand.get()));
                continue;
            }
            if (!config.askQuestion()) {
                answered.add(new QuestionAnswer(question, NOT_ASKED));
                continue;
            }
            Answer answer = user.ask(question, config.userTimeout());
            if (answer instanceof Answer.Given given) {
                answered.add(new QuestionAnswer(question, given.text()));
            } else {
                answered.add(new QuestionAnswer(question, NO_ANSWER));
                unanswered = unanswered.or(() -> Optional.of(question));
            }
        }
        answered.forEach(qa -> blackboard.addQuestion(qa.question(), qa.answer()));
        return unanswered;
    }
}
