/** Admin-area messages used in more than one place. */
export const ACCESS_DENIED = { title: 'Access Denied', description: 'You must be an admin to access this page' }
