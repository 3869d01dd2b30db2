import {
  createBranchTeam,
  createCustomer,
  createLead,
  unique,
  uniquePhone,
} from '@karya/test-factories';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, adminApi, apiAs, disposeTeam, seedPerson } from '../support/api';
import { signIn } from '../support/login';
import { seeNotice } from '../support/notice';

/** A new branch whose first (so active) manager is signed in on this page. */
async function signInAsNewManager(page: Page, baseURL: string) {
  const { branch, person: manager } = await seedPerson(baseURL, 'manager');
  await signIn(page, manager.username, manager.password);
  return { branch, manager };
}

async function openContactsFromMenu(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Customers' })
    .click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page.getByRole('heading', { name: 'Lead & Customer Management' })).toBeVisible();
}

/** Searches /contacts and returns the one row of that name. */
async function findContactRow(page: Page, text: string, name: string) {
  await page.getByRole('searchbox', { name: 'Search contacts' }).fill(text);
  const row = page
    .getByRole('table', { name: 'Leads and customers' })
    .getByRole('row')
    .filter({ hasText: name });
  await expect(row).toHaveCount(1);
  return row;
}

async function showActions(page: Page, name: string) {
  await page.getByRole('button', { name: `Show actions for ${name}` }).click();
}

test.describe('leads and customers', () => {
  test('a manager follows a lead up with remarks and converts it to a customer', async ({
    page,
    baseURL,
  }) => {
    const name = unique('Lead ');
    const phone = uniquePhone();
    await signInAsNewManager(page, baseURL as string);
    await openContactsFromMenu(page);

    // Add New Lead/Customer: a lead with an initial remark.
    await page.getByRole('button', { name: 'Add New Lead/Customer' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add New Lead/Customer' });
    await expect(addDialog.getByRole('radio', { name: 'Lead' })).toBeChecked();
    await addDialog.getByLabel('Name*', { exact: true }).fill(name);
    await addDialog.getByLabel('Phone Number*', { exact: true }).fill(phone);
    await addDialog.getByLabel('Initial Remark', { exact: true }).fill('Asked for a CCTV quote');
    await addDialog.getByRole('button', { name: 'Add Lead' }).click();
    await seeNotice(page, 'Lead/Customer added successfully!');
    await expect(addDialog).toHaveCount(0);

    // Open it and add two follow-ups; the history lists them newest first.
    const row = await findContactRow(page, name, name);
    await expect(row).toContainText('Lead');
    await showActions(page, name);
    await page.getByRole('button', { name: 'View Details' }).click();
    const details = page.getByRole('dialog', { name: 'Lead Details' });
    const history = details.getByRole('list', { name: 'Remark History' });
    await expect(history.getByRole('listitem')).toHaveCount(1);
    await expect(history.getByRole('listitem')).toContainText(['Asked for a CCTV quote']);

    await details.getByLabel('Remark', { exact: true }).fill('Called back, wants a site visit');
    await details.getByRole('radio', { name: 'Positive' }).check();
    await details.getByRole('button', { name: 'Add Remark' }).click();
    await expect(details.getByText('Remark added successfully!')).toBeVisible();
    await expect(history.getByRole('listitem')).toHaveCount(2);
    await expect(details.getByLabel('Remark', { exact: true })).toHaveValue('');

    await details.getByLabel('Remark', { exact: true }).fill('Site visit done, sending quote');
    await details.getByRole('button', { name: 'Add Remark' }).click();
    await expect(details.getByText('Remark added successfully!')).toBeVisible();
    await expect(history.getByRole('listitem')).toHaveCount(3);
    await expect(history.getByRole('listitem')).toContainText([
      'Site visit done, sending quote',
      'Called back, wants a site visit',
      'Asked for a CCTV quote',
    ]);
    await expect(history.getByRole('listitem').nth(1)).toContainText('Positive');

    // Convert: the project type is required, then the user lands on /work-orders.
    await details.getByRole('button', { name: 'Convert to Customer' }).click();
    const convert = page.getByRole('dialog', { name: 'Convert Lead to Customer' });
    await convert.getByRole('button', { name: 'Complete Conversion' }).click();
    await expect(convert.getByText('Please select a project type')).toBeVisible();
    await convert.getByLabel('Select Project Type*', { exact: true }).selectOption('CCTV Camera');
    await convert.getByLabel('Initial Project Remark', { exact: true }).fill('4 cameras');
    await convert.getByRole('button', { name: 'Complete Conversion' }).click();
    await expect(page).toHaveURL(/\/work-orders$/);

    // The lead left the lead list and is a customer now.
    await openContactsFromMenu(page);
    await page
      .getByRole('group', { name: 'Contact type' })
      .getByRole('button', { name: 'Leads' })
      .click();
    await page.getByRole('searchbox', { name: 'Search contacts' }).fill(name);
    await expect(page.getByText('No contacts match your search')).toBeVisible();
    await page
      .getByRole('group', { name: 'Contact type' })
      .getByRole('button', { name: 'Customers' })
      .click();
    const customerRow = page
      .getByRole('table', { name: 'Leads and customers' })
      .getByRole('row')
      .filter({ hasText: name });
    await expect(customerRow).toHaveCount(1);
    await expect(customerRow).toContainText('Customer');
  });

  test('a manager adds a customer directly and opens a new project for it', async ({
    page,
    baseURL,
  }) => {
    const name = unique('Cust ');
    const phone = uniquePhone();
    await signInAsNewManager(page, baseURL as string);
    await openContactsFromMenu(page);

    await page.getByRole('button', { name: 'Add New Lead/Customer' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add New Lead/Customer' });
    // The radio itself is visually hidden; a user clicks its label.
    await addDialog.getByRole('group', { name: 'Contact Type' }).getByText('Customer').click();
    await expect(addDialog.getByRole('radio', { name: 'Customer' })).toBeChecked();
    await addDialog.getByLabel('Name*', { exact: true }).fill(name);
    await addDialog.getByLabel('Phone Number*', { exact: true }).fill(phone);
    await addDialog.getByRole('button', { name: 'Add Customer' }).click();
    await expect(addDialog.getByText('Please select a project type')).toBeVisible();
    await addDialog.getByLabel('Project Type*', { exact: true }).selectOption('CCTV Camera');
    await addDialog.getByLabel('Initial Remark', { exact: true }).fill('Shop front cameras');
    await addDialog.getByRole('button', { name: 'Add Customer' }).click();
    await expect(page).toHaveURL(/\/work-orders$/);
    await seeNotice(page, 'Lead/Customer added successfully!');

    // Open the customer from /contacts and create a new project.
    await openContactsFromMenu(page);
    await findContactRow(page, name, name);
    await showActions(page, name);
    await page.getByRole('button', { name: 'View Details' }).click();
    const details = page.getByRole('dialog', { name: 'Customer Details' });
    const orders = details.getByRole('table', { name: 'Work Orders & Complaints' });
    await expect(orders.getByRole('row').filter({ hasText: 'CCTV Camera' })).toHaveCount(1);
    await details.getByRole('button', { name: 'New Project' }).click();
    const create = page.getByRole('dialog', { name: 'Create Work Order' });
    await expect(create).toContainText(name);
    // The message goes as soon as the field is fixed (issue 15).
    await create.getByRole('button', { name: 'Create Work Order' }).click();
    await expect(create.getByText('Please select a project type')).toBeVisible();
    await create.getByLabel('Project Type*', { exact: true }).selectOption('CCTV Camera');
    await expect(create.getByText('Please select a project type')).toHaveCount(0);
    await create.getByLabel('Project Type*', { exact: true }).selectOption('Attendance System');
    await create.getByLabel('Remarks', { exact: true }).fill('Biometric at the entrance');
    await create.getByRole('button', { name: 'Create Work Order' }).click();
    await expect(page).toHaveURL(/\/work-orders$/);

    // The customer's table now lists both orders.
    await openContactsFromMenu(page);
    await findContactRow(page, name, name);
    await showActions(page, name);
    await page.getByRole('button', { name: 'View Details' }).click();
    const reopened = page
      .getByRole('dialog', { name: 'Customer Details' })
      .getByRole('table', { name: 'Work Orders & Complaints' });
    const dataRows = reopened.getByRole('row').filter({ hasText: 'New Installation' });
    await expect(dataRows).toHaveCount(2);
    await expect(reopened.getByRole('row')).toHaveCount(3);
    await expect(reopened).toContainText('CCTV Camera');
    await expect(reopened).toContainText('Attendance System');

    // Spec 1 §2.10: each row has View Details (issue 15).
    await reopened.getByRole('button', { name: /^View Details of Attendance System/ }).click();
    const project = page.getByRole('dialog', { name: 'Project Details' });
    await expect(project).toContainText('Biometric at the entrance');
    await expect(project.getByText('Pending', { exact: true }).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(project).toHaveCount(0);
  });

  test('a complaint is refused for a customer with no completed project', async ({
    page,
    baseURL,
  }) => {
    const name = unique('Cust ');
    const { manager } = await signInAsNewManager(page, baseURL as string);
    const api = await apiAs(baseURL as string, manager.username, manager.password);
    await createCustomer(api, { name });
    await api.dispose();

    await openContactsFromMenu(page);
    await findContactRow(page, name, name);
    await showActions(page, name);
    await page.getByRole('button', { name: 'View Details' }).click();
    const details = page.getByRole('dialog', { name: 'Customer Details' });
    await expect(
      details
        .getByRole('table', { name: 'Work Orders & Complaints' })
        .getByRole('row')
        .filter({ hasText: 'pending' }),
    ).toHaveCount(1);
    await details.getByRole('button', { name: 'New Complaint' }).click();

    // Its only project is pending, so there is nothing to complain about.
    const complaint = page.getByRole('dialog', { name: 'Create Complaint' });
    await expect(
      complaint.getByText('No completed projects found for this customer', { exact: true }),
    ).toBeVisible();
    await expect(
      complaint.getByLabel('Select Project*', { exact: true }).getByRole('option'),
    ).toHaveCount(1);
    await complaint.getByLabel('Complaint Details*', { exact: true }).fill('Camera 2 offline');
    await complaint.getByRole('button', { name: 'Create Complaint' }).click();
    await expect(complaint.getByText('Please select a project', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/contacts$/);
  });

  test('a search for an unknown phone number offers to add it as a lead', async ({
    page,
    baseURL,
  }) => {
    const phone = uniquePhone();
    await signInAsNewManager(page, baseURL as string);
    await openContactsFromMenu(page);

    await page.getByRole('searchbox', { name: 'Search contacts' }).fill(phone);
    await expect(page.getByText('No contacts match your search')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add as New Customer' })).toBeVisible();
    await page.getByRole('button', { name: 'Add as New Lead' }).click();

    const addDialog = page.getByRole('dialog', { name: 'Add New Lead/Customer' });
    await expect(addDialog.getByRole('radio', { name: 'Lead' })).toBeChecked();
    await expect(addDialog.getByLabel('Phone Number*', { exact: true })).toHaveValue(phone);
    await expect(addDialog.getByLabel('Phone Number country code')).toHaveValue('+91');
    await expect(
      addDialog
        .getByRole('region', { name: 'Existing records' })
        .getByText('No existing records found.'),
    ).toBeVisible();
    await expect(addDialog.getByRole('button', { name: 'Add Lead' })).toBeVisible();
  });

  test('an admin sees contacts of every branch and no add or convert buttons', async ({
    page,
    baseURL,
  }) => {
    const admin = await adminApi(baseURL as string);
    const teamA = await createBranchTeam(admin, { technicians: [] });
    const teamB = await createBranchTeam(admin, { technicians: [] });
    await admin.dispose();
    const [branchA, branchB] = [teamA.branch, teamB.branch];
    const leadName = unique('Lead ');
    const customerName = unique('Cust ');
    await createLead(teamA.manager.api, { name: leadName });
    await createCustomer(teamB.manager.api, { name: customerName });
    await disposeTeam(teamA);
    await disposeTeam(teamB);

    await signIn(page, ADMIN.username, ADMIN.password);
    await page.goto('/contacts');
    await expect(page.getByRole('heading', { name: 'Lead & Customer Management' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add New Lead/Customer' })).toHaveCount(0);

    // Branch A's lead: View Details, but no Convert to Customer, here or in the dialog.
    const leadRow = await findContactRow(page, leadName, leadName);
    await expect(leadRow).toContainText('Lead');
    await showActions(page, leadName);
    await expect(page.getByRole('button', { name: 'View Details' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Convert to Customer' })).toHaveCount(0);
    await page.getByRole('button', { name: 'View Details' }).click();
    const leadDialog = page.getByRole('dialog', { name: 'Lead Details' });
    await expect(leadDialog.getByRole('region', { name: 'Profile' })).toContainText(branchA.name);
    await expect(leadDialog.getByRole('button', { name: 'Convert to Customer' })).toHaveCount(0);
    await leadDialog.getByRole('button', { name: 'Close' }).click();
    await expect(leadDialog).toHaveCount(0);

    // Branch B's customer: View Details only, and no project or complaint buttons.
    const customerRow = await findContactRow(page, customerName, customerName);
    await expect(customerRow).toContainText('Customer');
    await showActions(page, customerName);
    await expect(page.getByRole('button', { name: 'View Details' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'New Complaint' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'New Project' })).toHaveCount(0);
    await page.getByRole('button', { name: 'View Details' }).click();
    const customerDialog = page.getByRole('dialog', { name: 'Customer Details' });
    await expect(customerDialog.getByRole('region', { name: 'Profile' })).toContainText(
      branchB.name,
    );
    await expect(customerDialog.getByRole('button', { name: 'Edit Customer' })).toHaveCount(0);
    await expect(customerDialog.getByRole('button', { name: 'New Project' })).toHaveCount(0);
  });
});
