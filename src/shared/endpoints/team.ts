import { z } from 'zod'
import {
  announcementSchema,
  contactSettingsAnswerSchema,
  contactSettingsSchema,
  dashboardSchema,
  holidayInputSchema,
  holidayListSchema,
  holidayParamsSchema,
  holidaysQuerySchema,
  publicAnnouncementSchema,
  roleChangeSchema,
  userDetailSchema,
  userListSchema,
  userParamsSchema,
  usersQuerySchema,
} from '../team.ts'
import { endpoint } from './define.ts'
import { announcementRoute } from './team-routes.ts'

// Nothing to say but `{}`; anything more is a mistake, refused rather than ignored.
const emptyBody = z.strictObject({})

/** The team's settings: public holidays and the contact details (canAccessSettings). */
export const settingsEndpoints = {
  holidays: endpoint({
    method: 'GET',
    path: '/api/admin/holidays',
    access: 'canAccessSettings',
    querystring: holidaysQuerySchema,
    response: { 200: holidayListSchema },
  }),
  addHoliday: endpoint({
    method: 'POST',
    path: '/api/admin/holidays',
    access: 'canAccessSettings',
    body: holidayInputSchema,
    response: { 201: holidayListSchema },
  }),
  editHoliday: endpoint({
    method: 'PUT',
    path: '/api/admin/holidays/:date',
    access: 'canAccessSettings',
    params: holidayParamsSchema,
    body: holidayInputSchema,
    response: { 200: holidayListSchema },
  }),
  removeHoliday: endpoint({
    method: 'DELETE',
    path: '/api/admin/holidays/:date',
    access: 'canAccessSettings',
    params: holidayParamsSchema,
    response: { 200: holidayListSchema },
  }),
  contact: endpoint({
    method: 'GET',
    path: '/api/admin/settings/contact',
    access: 'canAccessSettings',
    response: { 200: contactSettingsAnswerSchema },
  }),
  saveContact: endpoint({
    method: 'PUT',
    path: '/api/admin/settings/contact',
    access: 'canAccessSettings',
    body: contactSettingsSchema,
    response: { 200: contactSettingsAnswerSchema },
  }),
}

/** The home page's announcement: the team edits it (canEditContent), everyone reads it while it runs. */
export const contentEndpoints = {
  announcement: endpoint({
    method: 'GET',
    path: '/api/admin/announcement',
    access: 'canEditContent',
    response: { 200: announcementSchema },
  }),
  saveAnnouncement: endpoint({
    method: 'PUT',
    path: '/api/admin/announcement',
    access: 'canEditContent',
    body: announcementSchema,
    response: { 200: announcementSchema },
  }),
  publicAnnouncement: endpoint({
    ...announcementRoute,
    response: { 200: publicAnnouncementSchema },
  }),
}

/** Accounts, their roles and activation (canManageUsers). */
export const userEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/users',
    access: 'canManageUsers',
    querystring: usersQuerySchema,
    response: { 200: userListSchema },
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/admin/users/:userId',
    access: 'canManageUsers',
    params: userParamsSchema,
    response: { 200: userDetailSchema },
  }),
  changeRole: endpoint({
    method: 'PUT',
    path: '/api/admin/users/:userId/role',
    access: 'canManageUsers',
    params: userParamsSchema,
    body: roleChangeSchema,
    response: { 200: userDetailSchema },
  }),
  deactivate: endpoint({
    method: 'POST',
    path: '/api/admin/users/:userId/deactivate',
    access: 'canManageUsers',
    params: userParamsSchema,
    body: emptyBody,
    response: { 200: userDetailSchema },
  }),
  reactivate: endpoint({
    method: 'POST',
    path: '/api/admin/users/:userId/reactivate',
    access: 'canManageUsers',
    params: userParamsSchema,
    body: emptyBody,
    response: { 200: userDetailSchema },
  }),
}

/** Today in Bahrain at a glance (canViewDashboard); staff see their venues' figures alone. */
export const dashboardEndpoints = {
  today: endpoint({
    method: 'GET',
    path: '/api/admin/dashboard',
    access: 'canViewDashboard',
    response: { 200: dashboardSchema },
  }),
}
