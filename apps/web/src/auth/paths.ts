/** HOME_PATH is where a signed-in clerk lands (the console home). */
export const HOME_PATH = '/console';
/** LOGIN_PATH is where a session begins, and where one that ended sends the visitor. */
export const LOGIN_PATH = '/login';
